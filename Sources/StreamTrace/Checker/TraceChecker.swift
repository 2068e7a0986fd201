/// Evaluates queries against a trace with the same expectation engine as
/// a live ``Recorder``.
///
/// The trace is read once, front to back, keeping only what the queries
/// need (see docs/queries.md); then the queries run in order and share one
/// cursor, so `next`, `next`, `finished` reads like a test that waits three
/// times.
///
/// ```swift
/// let checker = TraceChecker(queries: [try Query("next == 1"), try Query("finished")])
/// let report = try checker.check(TraceReader(path: "run.jsonl"))
/// report.failedCount   // 0
/// ```
public struct TraceChecker: Sendable {
    public var queries: [Query]

    public init(queries: [Query]) {
        self.queries = queries
    }

    /// Reads the whole trace (a malformed line anywhere throws before any
    /// query runs), then evaluates every query.
    public func check(_ reader: TraceReader) throws(TraceReadError) -> TraceCheckReport {
        let log = try TraceLog(reader: reader, retention: TraceRetention(queries: queries))
        var evaluation = Evaluation(log: log)
        let results = queries.map { evaluation.evaluate($0) }
        return TraceCheckReport(header: log.header, status: log.status, warnings: log.warnings, results: results)
    }

    /// The queries' run over one trace: the shared cursor.
    private struct Evaluation {
        let log: TraceLog
        var cursor = 0

        typealias Element = RawJSON
        typealias Failure = TraceFailure

        mutating func evaluate(_ query: Query) -> QueryResult {
            let window = TraceWindow(log: log, cursor: cursor, within: query.within)
            switch (query.expectation, query.isInverted) {
            case (.available, _):
                return run(StreamExpectations.AvailableElements<Element, Failure>(), query, window, json: Self.array)
            case (.completion, _):
                return run(StreamExpectations.Completion<Element, Failure>(), query, window, json: Self.json)
            case (.count, _):
                return run(StreamExpectations.Count<Element, Failure>(), query, window) { RawJSON(.number(JSONNumber($0))) }
            case (.elements, _):
                return run(StreamExpectations.Elements<Element, Failure>(), query, window, json: Self.array)
            case (.failure, _):
                return run(StreamExpectations.FailureError<Element, Failure>(), query, window, json: Self.json)
            case (.finished, false):
                return run(StreamExpectations.Finished<Element, Failure>(), query, window) { RawJSON(.null) }
            case (.finished, true):
                return run(StreamExpectations.Inverted(StreamExpectations.Finished<Element, Failure>()), query, window) { RawJSON(.null) }
            case (.last, _):
                return run(StreamExpectations.Last<Element, Failure>(), query, window) { $0 ?? RawJSON(.null) }
            case (.next(nil), false):
                return run(StreamExpectations.Next<Element, Failure>(), query, window) { $0 }
            case (.next(nil), true):
                return run(StreamExpectations.Inverted(StreamExpectations.Next<Element, Failure>()), query, window) { RawJSON(.null) }
            case (.next(let count?), _):
                return run(StreamExpectations.NextCount<Element, Failure>(count), query, window, json: Self.array)
            case (.prefix(let count), false):
                return run(StreamExpectations.Prefix<Element, Failure>(count), query, window, json: Self.array)
            case (.prefix(let count), true):
                return run(StreamExpectations.Inverted(StreamExpectations.Prefix<Element, Failure>(count)), query, window, json: Self.array)
            case (.recording, _):
                return run(StreamExpectations.Recorded<Element, Failure>(), query, window) { recording in
                    var bytes = Array(#"{"elements":"#.utf8)
                    bytes += Self.array(recording.output).bytes
                    bytes += Array(#","completion":"#.utf8)
                    bytes += Self.json(recording.completion).bytes
                    bytes.append(UInt8(ascii: "}"))
                    return RawJSON(validated: bytes[...])
                }
            case (.single, _):
                return run(StreamExpectations.Single<Element, Failure>(), query, window) { $0 }
            }
        }

        private mutating func run<E: Expectation>(
            _ expectation: E, _ query: Query, _ window: TraceWindow, json: (E.Output) -> RawJSON
        ) -> QueryResult where E.Element == Element, E.Failure == Failure {
            let previousCursor = cursor
            switch expectation.verdict(in: window) {
            case .pending:
                return QueryResult(
                    query: query, status: .fail, output: nil, message: "the expectation could not be decided",
                    location: window.lastEvent?.location, timeline: window.recentTimeline())
            case .failed(let error):
                return QueryResult(
                    query: query, status: .fail, output: nil, message: error.message, location: error.location,
                    timeline: error.timeline)
            case .passed(let value, let newCursor):
                if let newCursor { cursor = newCursor }
                let output = json(value)
                let location = passLocation(query, window, previousCursor: previousCursor)
                if let matcher = query.matcher, !matcher.matches(output.value) {
                    return QueryResult(
                        query: query, status: .fail, output: output,
                        message: "expected \(matcher), got \(window.describe(output))", location: location,
                        timeline: window.recentTimeline())
                }
                return QueryResult(query: query, status: .pass, output: output, message: nil, location: location)
            }
        }

        /// The event that decided a passing query: the last element it
        /// returned, else the completion, else the window's last event.
        private func passLocation(_ query: Query, _ window: TraceWindow, previousCursor: Int) -> EventLocation? {
            var element: Int?
            switch (query.expectation, query.isInverted) {
            case (.next(nil), false): element = previousCursor
            case (.next(let count?), _) where count > 0: element = previousCursor + count - 1
            case (.prefix(let count), false) where count > 0 && window.elementCount >= count: element = count - 1
            case (.single, _): element = 0
            default: break
            }
            if let element { return window.elementLocation(at: element) }
            return window.completion?.location ?? window.lastEvent?.location
        }

        /// The elements' texts as one JSON array, without decoding them.
        static func array(_ elements: [RawJSON]) -> RawJSON {
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            bytes.reserveCapacity(elements.reduce(2) { $0 + $1.bytes.count + 1 })
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: element.bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            return RawJSON(validated: bytes[...])
        }

        static func json(_ failure: TraceFailure) -> RawJSON {
            RawJSON(failure.jsonObject)
        }

        static func json(_ completion: StreamCompletion<TraceFailure>) -> RawJSON {
            switch completion {
            case .finished: RawJSON("finished")
            case .failure(let failure): json(failure)
            }
        }
    }
}
