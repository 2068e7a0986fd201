extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Starts consuming the sequence into a new recorder that acts at frames, as an RxJS test's subscriber does: it
    /// subscribes at the `^` of `subscription` and cancels at its `!` (RxJS's subscription marbles), and, given
    /// `demand`, pulls the next element only at the marks of that diagram. Every diagram, and the recording, count
    /// frames from now on `clock`.
    ///
    /// A `!` at frame N takes effect before frame N's events, whatever order the tasks slept in and under every
    /// ``TestClock/Schedule`` (as swift-async-algorithms' `;` does): an element due at frame N is not recorded.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let recorder = TestStream<String>("-a-b-c-d|", clock: clock).record(clock: clock, subscription: "^----!")
    /// await clock.advance(by: .milliseconds(9))
    /// try recorder.marbles("-a-b-!").get()  // c, due at the cancel's frame, is not recorded
    /// ```
    ///
    /// A subscription diagram has `^`, then `!` if the consumer cancels (`"--^---!"`: from frame 2 to frame 6); `-`
    /// and time progressions (`10ms`) pass time. The recorder records `subscribe` at `^`; a cold ``TestStream``
    /// starts its frames there. A diagram that cannot be read fails the test at the call, and nothing is subscribed.
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the frames and of the event times.
    ///   - subscription: when the consumer subscribes (`^`) and cancels
    ///     (`!`): `"^"` subscribes at once and never cancels.
    ///   - demand: when the consumer pulls (see
    ///     `record(name:clock:demand:frame:sink:fileID:filePath:line:column:)`);
    ///     `nil` pulls each element as soon as the one before is recorded.
    ///   - frame: the time one character takes.
    ///   - sink: where to write the trace while recording, if anywhere.
    ///   - fileID: where a diagram that cannot be read is reported, with
    ///     `filePath`, `line` and `column`; leave them out.
    ///   - filePath: see `fileID`.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func record(
        name: String? = nil, clock: TestClock, subscription: String, demand: String? = nil,
        frame: Duration = .milliseconds(1), sink: (any TraceSink)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Recorder<Element, Failure> {
        let marbles = ConsumerMarbles.read(
            subscription, demand, frame: frame, fileID: fileID, filePath: filePath, line: line, column: column)
        return Recorder.recording(
            self, name: name, clock: clock, acting: marbles, sink: sink, step: TypedRecordingStep<AsyncIterator>.self)
    }

    /// Starts consuming the sequence into a new recorder that pulls the next element only at the frames `demand`
    /// gives, on `clock` from now: a paced consumer, to test buffering and back-pressure with marbles.
    ///
    /// Each mark of `demand` (any character but `-`, a space, `^`, `|`, `#` and `!`) is a demand of one at its frame;
    /// a group puts several on one frame (`"-d-(dd)"`). The consumer subscribes at once and pulls only when it has
    /// demand left: demand accumulates while it still waits for an element, so that it pulls again as soon as that
    /// one is recorded. With `subscription:` too, marks before `^` count at `^`.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let recorder = TestStream<String>("ab|", clock: clock).record(clock: clock, demand: "---d-d-d")
    /// await clock.advance(by: .milliseconds(8))
    /// try recorder.marbles("---a-b-|").get()  // each pull takes what is due by then
    /// ```
    ///
    /// Otherwise as `record(name:clock:subscription:demand:frame:sink:fileID:filePath:line:column:)`.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func record(
        name: String? = nil, clock: TestClock, demand: String, frame: Duration = .milliseconds(1),
        sink: (any TraceSink)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Recorder<Element, Failure> {
        let marbles = ConsumerMarbles.read(
            nil, demand, frame: frame, fileID: fileID, filePath: filePath, line: line, column: column)
        return Recorder.recording(
            self, name: name, clock: clock, acting: marbles, sink: sink, step: TypedRecordingStep<AsyncIterator>.self)
    }

    /// `record(name:clock:subscription:demand:frame:sink:fileID:filePath:line:column:)` with any error the sequence
    /// throws: `Recorder<Element, any Error>`, on every OS version (chosen before macOS 15, iOS 18, tvOS 18 and
    /// watchOS 11, or when the context asks for `any Error`).
    ///
    /// ```swift
    /// let recorder: Recorder<String, any Error> = input.record(clock: clock, subscription: "--^---!")
    /// ```
    @_disfavoredOverload
    public func record(
        name: String? = nil, clock: TestClock, subscription: String, demand: String? = nil,
        frame: Duration = .milliseconds(1), sink: (any TraceSink)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Recorder<Element, any Error> {
        let marbles = ConsumerMarbles.read(
            subscription, demand, frame: frame, fileID: fileID, filePath: filePath, line: line, column: column)
        return Recorder.recording(
            self, name: name, clock: clock, acting: marbles, sink: sink, step: UntypedRecordingStep<AsyncIterator>.self)
    }

    /// `record(name:clock:demand:frame:sink:fileID:filePath:line:column:)` with any error the sequence throws:
    /// `Recorder<Element, any Error>`, on every OS version.
    ///
    /// ```swift
    /// let recorder: Recorder<String, any Error> = input.record(clock: clock, demand: "---d-d-d")
    /// ```
    @_disfavoredOverload
    public func record(
        name: String? = nil, clock: TestClock, demand: String, frame: Duration = .milliseconds(1),
        sink: (any TraceSink)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Recorder<Element, any Error> {
        let marbles = ConsumerMarbles.read(
            nil, demand, frame: frame, fileID: fileID, filePath: filePath, line: line, column: column)
        return Recorder.recording(
            self, name: name, clock: clock, acting: marbles, sink: sink, step: UntypedRecordingStep<AsyncIterator>.self)
    }
}

extension Recorder where Input: Sendable {
    /// A new recorder of `sequence` whose consumer acts at the frames of `marbles` on `clock` (none, when they could
    /// not be read): the body of the `record(clock:subscription:)` and `record(clock:demand:)` overloads.
    static func recording<Sequence: AsyncSequence & Sendable, Step: RecordingStep>(
        _ sequence: Sequence, name: String?, clock: TestClock, acting marbles: ConsumerMarbles?,
        sink: (any TraceSink)?, step: Step.Type
    ) -> Recorder
    where Step.Iterator == Sequence.AsyncIterator, Step.Element == Input, Step.Failure == Failure {
        let recorder = Recorder(name: name, clock: clock, sink: sink)
        guard let marbles else { return recorder }
        let storage = recorder.storage
        let paced = marbles.demand.map { _ in PacedDemand() }
        let consumer = ConsumerTask()
        recorder.onCancel { consumer.cancel() }
        let hasEnded: @Sendable () -> Bool = { storage.hasEnded }
        marbles.act(on: clock.core.timeline, unless: hasEnded) {
            guard storage.record(.subscribe) else { return }
            consumer.start {
                var iterator = sequence.makeAsyncIterator()
                do throws(Failure) {
                    while await paced?.take() ?? true, let element = try await Step.next(&iterator) {
                        if Task.isCancelled { return }
                        storage.record(.value(element))
                    }
                    if !Task.isCancelled { storage.record(.finished) }
                } catch {
                    if !Task.isCancelled { storage.record(.failure(error)) }
                }
            }
        } request: { count in
            paced?.grant(count)
        } cancel: {
            storage.record(.cancel)
        }
        return recorder
    }
}
