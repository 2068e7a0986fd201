/// A stream that plays a marble diagram on a virtual clock: the input of an operator under test, as an `AsyncSequence`
/// and (where Combine or OpenCombine is there) as a publisher, ``publisher``.
///
/// Each element arrives at its frame of the diagram (1 ms a frame unless `frame` says otherwise), as the clock's
/// `advance` reaches it; `|` finishes, `#` throws `error`. Elements take their value from `values`, else, for `String`
/// elements, their own character.
///
/// - A **cold** stream (no `^`) starts its frames when it is iterated
///   (`makeAsyncIterator()`) or subscribed: every subscriber sees the
///   whole diagram from its own start.
/// - A **hot** stream (with `^`) runs its frames on the clock from its
///   creation, which is the `^`; a subscriber sees what comes at or after
///   the time it subscribes (an end already reached, at once).
///
/// ```swift
/// let clock = TestClock()
/// let input = TestStream("-a--b-c|", values: ["a": 1, "b": 2, "c": 3], clock: clock)
/// let recorder = input.record(clock: clock)
/// await clock.advance(by: .milliseconds(7))
/// let elements = try recorder.elements.get()  // [1, 2, 3], at 1, 4 and 6 ms; finished at 7 ms
/// ```
///
/// A diagram that cannot be read (or an element without a value, or `!`, which only a subscriber does) fails the test
/// at the line that created the stream, fails every marble expectation on its clock with that error, and makes the
/// stream throw its ``MarbleSyntaxError`` at once;
/// ``init(validating:values:error:frame:clock:fileID:filePath:line:column:)`` throws it instead. Without `values`, the
/// elements are `String`s: `TestStream("-a-b|", clock: clock)`.
public struct TestStream<Element: Sendable>: AsyncSequence, Sendable {
    let playback: Result<MarblePlayback<Element>, MarbleSyntaxError>
    let core: VirtualClockCore
    /// The clock's time when the stream was created (a hot stream's `^`).
    let created: Duration
    /// The stream's index in its clock's ``TestStreamRegistry``.
    let registration: Int

    /// A stream that plays `diagram` on `clock`.
    ///
    /// A diagram that does not parse fails the test at this line, naming the column at fault, and every marble
    /// expectation on `clock` fails with it (``init(validating:values:error:frame:clock:fileID:filePath:line:column:)``
    /// throws it instead).
    ///
    /// - Parameters:
    ///   - diagram: the marbles: `-a--b-c|`.
    ///   - values: the element each name stands for.
    ///   - error: what `#` throws (a `TraceFailure` naming its column by
    ///     default).
    ///   - frame: the time one character takes.
    ///   - clock: the clock whose `advance` plays it.
    ///   - fileID: where the stream is created, with `filePath`, `line` and
    ///     `column`: where a diagram that does not parse is reported, and
    ///     what a marble failure names the stream by; leave them out.
    ///   - filePath: see `fileID`.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    public init(
        _ diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil,
        frame: Duration = .milliseconds(1), clock: TestClock, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(reporting: diagram, values, error, frame, clock.core, at: (fileID, filePath, line, column))
    }

    /// A stream that plays `diagram` on `clock`, or the ``MarbleSyntaxError`` that says why it cannot: for code that
    /// handles a diagram it did not write.
    ///
    /// ```swift
    /// do {
    ///     _ = try TestStream<String>(validating: "-a|b", clock: TestClock())
    /// } catch {
    ///     print(error)  // marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
    /// }
    /// ```
    ///
    /// - Parameters: as ``init(_:values:error:frame:clock:fileID:filePath:line:column:)``'s.
    /// - Throws: ``MarbleSyntaxError`` naming the column at fault; the stream is then not created, and nothing is
    ///   reported to the test.
    public init(
        validating diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil,
        frame: Duration = .milliseconds(1), clock: TestClock, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(MarbleSyntaxError) {
        let playback = try MarblePlayback(diagram, values: values, error: error, frame: frame)
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.init(diagram, playback: .success(playback), core: clock.core, at: location)
    }

    init(
        _ diagram: String, values: [Character: Element], error: (any Error)?, frame: Duration, core: VirtualClockCore,
        at location: TestLocation
    ) {
        let playback = Result { () throws(MarbleSyntaxError) in
            try MarblePlayback(diagram, values: values, error: error, frame: frame)
        }
        self.init(diagram, playback: playback, core: core, at: location)
    }

    /// The stream a public initializer creates at `place` (`#fileID`, `#filePath`, `#line`, `#column`), its syntax
    /// error reported there.
    init(
        reporting diagram: String, _ values: [Character: Element], _ error: (any Error)?, _ frame: Duration,
        _ core: VirtualClockCore, at place: (fileID: String, filePath: StaticString, line: UInt, column: UInt)
    ) {
        let location = TestLocation(
            fileID: place.fileID, filePath: place.filePath, line: place.line, column: place.column)
        self.init(diagram, values: values, error: error, frame: frame, core: core, at: location)
        reportSyntaxError()
    }

    /// The stream, registered with its clock's ``TestStreamRegistry``.
    private init(
        _ diagram: String, playback: Result<MarblePlayback<Element>, MarbleSyntaxError>, core: VirtualClockCore,
        at location: TestLocation
    ) {
        self.playback = playback
        self.core = core
        created = core.timeline.now
        let played = try? playback.get()
        let syntaxError: MarbleSyntaxError? = if case .failure(let error) = playback { error } else { nil }
        registration = core.inputs.add(
            TestStreamRegistry.Input(
                diagram: diagram, location: location, syntaxError: syntaxError, end: played?.end,
                started: played?.isHot == true ? created : nil, letters: played?.letters ?? [:]))
    }

    /// Reports a diagram that does not parse to the test framework, at the stream's creation: once for the test, and
    /// only if a framework takes it (else the marble expectations on the clock report it).
    func reportSyntaxError() {
        guard case .failure(let error) = playback, core.inputs.claimReport(of: registration) else { return }
        let input = core.inputs.all[registration]
        let message = (["TestStream: \(error)"] + [error.pointed].compactMap { $0 }).joined(separator: "\n")
        if !TestFrameworkReporter.report(message, at: input.location) { core.inputs.releaseReport(of: registration) }
    }

    /// Starts an iteration: a cold stream's frames start now.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Plays the diagram for one iteration: from its creation for a cold stream, from the stream's creation for a hot
    /// one.
    public struct Iterator: AsyncIteratorProtocol {
        private let core: VirtualClockCore
        private var steps: [(deadline: Duration, step: MarblePlayback<Element>.Step)]
        private var syntaxError: MarbleSyntaxError?
        private var index = 0
        /// Whether the iteration ended: at the end, an error, or a cancel.
        private var ended = false

        init(stream: TestStream) {
            core = stream.core
            let playback = try? stream.playback.get()
            if playback?.isHot == false { core.inputs.noteStart(of: stream.registration, at: core.timeline.now) }
            steps = playback?.schedule(subscribedAt: core.timeline.now, createdAt: stream.created) ?? []
            if case .failure(let error) = stream.playback { syntaxError = error }
        }

        /// The next element once the clock reaches its frame; `nil` at `|` (and after the end, or when the task is
        /// cancelled); throws at `#`.
        public mutating func next() async throws -> Element? {
            if ended { return nil }
            if let error = syntaxError {
                ended = true
                throw error
            }
            guard index < steps.count else {
                // A diagram without an end: nothing more until the task is cancelled, so not asleep on the clock
                // (which `run()` would advance to the end of time) but iterating a stream nothing ever yields to.
                let (stream, continuation) = AsyncStream<Never>.makeStream()
                for await _ in stream {}
                // Used after the loop, the continuation lives through it: the stream would end were it released.
                continuation.finish()
                ended = true
                return nil
            }
            let (deadline, step) = steps[index]
            guard (try? await core.sleep(until: deadline)) != nil else {
                ended = true
                return nil
            }
            index += 1
            if case .element(let element) = step { return element }
            ended = true
            if case .failure(let error) = step { throw error }
            return nil
        }
    }
}
