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
/// A diagram that cannot be read (or an element without a value, or `!`, which only a subscriber does) makes the stream
/// throw its ``MarbleSyntaxError`` at once instead.
public struct TestStream<Element: Sendable>: AsyncSequence, Sendable {
    let playback: Result<MarblePlayback<Element>, MarbleSyntaxError>
    let core: VirtualClockCore
    /// The clock's time when the stream was created (a hot stream's `^`).
    let created: Duration

    /// A stream that plays `diagram` on `clock`.
    ///
    /// - Parameters:
    ///   - diagram: the marbles: `-a--b-c|`.
    ///   - values: the element each name stands for.
    ///   - error: what `#` throws (a `TraceFailure` naming its column by
    ///     default).
    ///   - frame: the time one character takes.
    ///   - clock: the clock whose `advance` plays it.
    public init(
        _ diagram: String, values: [Character: Element] = [:], error: (any Error)? = nil,
        frame: Duration = .milliseconds(1), clock: TestClock
    ) {
        self.init(diagram, values: values, error: error, frame: frame, core: clock.core)
    }

    init(_ diagram: String, values: [Character: Element], error: (any Error)?, frame: Duration, core: VirtualClockCore)
    {
        self.core = core
        self.created = core.timeline.now
        do {
            playback = .success(try MarblePlayback(diagram, values: values, error: error, frame: frame))
        } catch {
            playback = .failure(error)
        }
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
