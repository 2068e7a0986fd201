extension StreamExpectations {
    /// A group's recording drawn as one marble diagram per stream, its lanes (`marbles(["query": "-a--b|", …])`): each
    /// lane is compared with the values and the end of its stream as ``Marbles`` compares a recording with a diagram,
    /// frames counted on the group's clock from the group's creation; and events that share a frame across lanes must
    /// have been recorded in the order the lanes are listed, the top lane's first. Streams without a lane are not
    /// compared, and the cursor does not move. A wait passes once every lane holds its diagram's events (and end, if it
    /// has one) and fails at the first frame that differs. ``GroupMarbleReport`` draws a failure.
    package struct GroupMarbles<Failure: Error>: StreamExpectation {
        package typealias Element = GroupEvent

        /// A lane as read: its stream, its diagram, and the value of each of the diagram's events (`nil` for an end).
        struct Lane: Sendable {
            let stream: String
            let diagram: MarbleDiagram
            let values: [JSONValue?]
        }

        /// A lane's events in the group's recording: where each is in the window, what it is, and its value.
        struct LaneRecording {
            var indices: [Int] = []
            var recorded: [MarbleMatch.Recorded] = []
            var values: [JSONValue?] = []
            var failure: TraceFailure?
            /// The elements after the lane's elements and one more, which are not kept.
            var omitted = 0
        }

        /// Each lane's stream and diagram as written, for the expectation's name.
        let written: [(stream: String, text: String)]
        let lanes: [Lane]
        /// The first lane whose diagram cannot be read (all lanes are dropped then), and why.
        let unreadable: (stream: String, error: MarbleSyntaxError)?
        /// Every letter of the lanes with its value: those `values` gives, the others their own character as a string.
        let names: [Character: JSONValue]

        init(_ lanes: KeyValuePairs<String, String>, values: [Character: JSONValue], frame: Duration) {
            written = lanes.map { ($0.key, $0.value) }
            var read: [Lane] = []
            var names = values
            var unreadable: (stream: String, error: MarbleSyntaxError)?
            for (stream, text) in lanes {
                do throws(MarbleSyntaxError) {
                    guard !read.contains(where: { $0.stream == stream }) else {
                        throw MarbleSyntaxError(
                            diagram: text, column: nil,
                            message: "a second lane of the stream: each stream has one lane, listed once")
                    }
                    let diagram = try MarbleDiagram(expected: text, frame: frame)
                    for case .element(let name) in diagram.events.map(\.symbol) where names[name] == nil {
                        names[name] = .string(String(name))
                    }
                    read.append(Lane(stream: stream, diagram: diagram, values: try diagram.values(names, text: text)))
                } catch {
                    unreadable = (stream, error)
                    read = []
                    break
                }
            }
            self.lanes = read
            self.unreadable = unreadable
            self.names = names
        }

        /// `marbles(["query": "-a--b|", "results": "--x--y|"])`.
        package var name: String {
            let lanes = written.map { "\(ValueText.quoted($0.stream)): \(ValueText.quoted($0.text, limit: 60))" }
            return "marbles([\(lanes.joined(separator: ", "))])"
        }

        package func evaluate(in window: some EventWindow<GroupEvent, Failure>) -> Verdict<Void> {
            if let (stream, error) = unreadable {
                var failure = window.failure(.invalidDiagram, "\(stream): \(error)", at: nil)
                failure.details = error.pointed
                failure.drawsLanes = true
                return .failed(failure)
            }
            let recordings = self.recordings(in: window)
            var outcomes: [MarbleMatch.Outcome] = []
            for (lane, recording) in zip(lanes, recordings) {
                let isFinal = window.isOver || recording.recorded.last?.kind.isTerminal == true
                outcomes.append(
                    MarbleMatch.compare(lane.diagram, recording.recorded, isFinal: isFinal) { e, a in
                        recording.recorded[a].kind != .value || lane.values[e] == recording.values[a]
                    })
            }
            // The first difference: the earliest frame, the top lane at a tie.
            let differences = outcomes.enumerated().compactMap { lane, outcome in
                if case .differs(let difference) = outcome { (lane, difference) } else { nil }
            }
            let first = differences.min { $0.1.frame < $1.1.frame }
            if let misordered = misordered(recordings, before: first?.1.frame) {
                let report = self.report(recordings)
                let (expected, recorded) = (misordered.expected, misordered.recorded)
                var error = window.failure(
                    .laneOrder, report.message(order: misordered),
                    at: window.elementLocation(at: recordings[expected.lane].indices[expected.event]))
                error.details = report.details(caretAt: misordered.frame, under: recorded.lane)
                error.drawsLanes = true
                return .failed(error)
            }
            if let (lane, difference) = first {
                return .failed(failure(difference, lane: lane, recordings, window))
            }
            return outcomes.contains(.pending) ? .pending : .passed((), cursor: nil, at: window.endLocation)
        }

        /// Each lane's events in `window`, in the group's order: its diagram's elements and one more (the lane differs
        /// at or before that one, as ``Marbles/elementLimit`` says), then its end; the elements after are counted.
        private func recordings(in window: some EventWindow<GroupEvent, Failure>) -> [LaneRecording] {
            var recordings = lanes.map { _ in LaneRecording() }
            let laneOf = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1.stream, $0) })
            let limits = lanes.map { lane in lane.values.count { $0 != nil } + 1 }
            var kept = lanes.map { _ in 0 }
            for index in 0..<window.elementCount {
                let element = window.element(at: index)
                guard let lane = laneOf[element.stream] else { continue }
                if case .value = element.event {
                    guard kept[lane] < limits[lane] else {
                        recordings[lane].omitted += 1
                        continue
                    }
                    kept[lane] += 1
                }
                let nanoseconds = window.elementLocation(at: index).nanoseconds
                recordings[lane].indices.append(index)
                recordings[lane].recorded.append(MarbleMatch.Recorded(element.event.kind, at: nanoseconds))
                switch element.event {
                case .value(let value): recordings[lane].values.append(value)
                case .failure(let failure):
                    recordings[lane].values.append(nil)
                    recordings[lane].failure = failure
                default: recordings[lane].values.append(nil)
                }
            }
            return recordings
        }

        /// The first frame before `limit` (where every lane matched its diagram) whose events, across lanes, were not
        /// recorded in the order of their lanes: the event that should have come first there, and the one that did.
        private func misordered(_ recordings: [LaneRecording], before limit: Int64?) -> GroupMarbleReport.Misordered? {
            var byFrame: [Int64: [(event: GroupMarbleReport.LaneEvent, index: Int)]] = [:]
            for (lane, recording) in recordings.enumerated() {
                for (event, recorded) in recording.recorded.enumerated() {
                    let frame = lanes[lane].diagram.frameIndex(of: recorded.nanoseconds)
                    if let limit, frame >= limit { break }
                    byFrame[frame, default: []].append((.init(lane: lane, event: event), recording.indices[event]))
                }
            }
            for frame in byFrame.keys.sorted() {
                // In lane order, as the diagrams list them; then as they were recorded.
                let listed = byFrame[frame]!
                let recorded = listed.sorted { $0.index < $1.index }
                if let place = listed.indices.first(where: { listed[$0].index != recorded[$0].index }) {
                    return .init(frame: frame, expected: listed[place].event, recorded: recorded[place].event)
                }
            }
            return nil
        }

        /// The failure's drawing: each lane's diagram over its stream's events.
        private func report(_ recordings: [LaneRecording]) -> GroupMarbleReport {
            GroupMarbleReport(
                lanes: zip(lanes, recordings).map { lane, recording in
                    GroupMarbleReport.Lane(
                        stream: lane.stream, diagram: lane.diagram, expectedValues: lane.values,
                        recorded: recording.recorded, actualValues: recording.values,
                        failureText: recording.failure.map { "\(StreamError($0))" }, omitted: recording.omitted)
                },
                names: names)
        }

        private func failure(
            _ difference: MarbleMatch.Difference, lane: Int, _ recordings: [LaneRecording],
            _ window: some EventWindow<GroupEvent, Failure>
        ) -> RecordingError {
            let report = self.report(recordings)
            let recording = recordings[lane]
            // The recorded event there, else the lane's last (where its recording stops short), else the group's.
            let event = difference.actual ?? recording.indices.indices.last
            let location = event.map { window.elementLocation(at: recording.indices[$0]) } ?? window.lastEvent?.location
            var error = window.failure(
                .init(marbles: difference.kind), report.message(difference, lane: lane), at: location,
                streamError: recording.failure)
            error.details = report.details(caretAt: difference.frame, under: lane)
            error.explainsTime = difference.kind == .notReached
            error.drawsLanes = true
            return error
        }
    }
}

extension RecordingError.Reason {
    /// `marbles` of a group (`group.events.marbles(["query": "-a|", …])`): events that share a frame across lanes were
    /// recorded in another order than the lanes are listed. A query (`check`) never fails with it: group marbles are a
    /// Swift expectation.
    public static let laneOrder = Self(rawValue: "laneOrder")
}

extension Recorder where Input == GroupEvent {
    /// A group's recording (``StreamGroup/events``) drawn as one marble diagram per stream, its lanes, top to bottom:
    /// each lane is compared with its stream's values and end as ``marbles(_:values:error:frame:)`` compares one
    /// recording (a `|` or `#` is that stream's end), frames counted from the group's creation on its clock. Events
    /// that share a frame across lanes must have been recorded in the order the lanes are listed, the top lane's
    /// first: list the lanes in the order you expect. Streams without a lane are not compared.
    ///
    /// `values` names the letters of every lane (one map for all, so a letter means one value in every lane of the
    /// failure's drawing); a letter it does not name stands for its own character as a JSON string. Values compare as
    /// ``JSONValue``, as the group records them. `#` matches any failure. The grammar is in docs/marbles.md.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let group = StreamGroup(name: "search", clock: clock)
    /// let query = group.recorder(named: "query", of: String.self)
    /// let results = group.recorder(named: "results", of: [String].self)
    /// await clock.advance(by: .milliseconds(1))
    /// query.receive("sw")
    /// await clock.advance(by: .milliseconds(1))
    /// query.receive(completion: .finished)
    /// results.receive(["Swift"])
    /// try group.events.marbles(["query": "-a|", "results": "--x"], values: ["a": "sw", "x": ["Swift"]]).get()
    /// ```
    ///
    /// The end of `query` and `x` of `results` share frame 2 and were recorded in that order, so the lanes pass listed
    /// in this order only: listed `["results": "--x", "query": "-a|"]`, the expectation fails with `frame 2: expected
    /// results:x before query:|, recorded query:| first`.
    public func marbles(
        _ lanes: KeyValuePairs<String, String>, values: [Character: JSONValue] = [:],
        frame: Duration = .milliseconds(1)
    ) -> RecorderExpectation<Void> {
        expecting(StreamExpectations.GroupMarbles<Failure>(lanes, values: values, frame: frame))
    }
}
