/// The ``TestStream``s created on one virtual clock, as that clock's marble expectations read them: a diagram that did
/// not parse fails them at the stream's line, a stream still open is named when the expected end never came, and the
/// letters the streams use for their values are not given to other values in a failure's drawing.
package final class TestStreamRegistry: @unchecked Sendable {
    /// One stream: its diagram and where it was created, and what a failure says about it.
    package struct Input: Sendable {
        package var diagram: String
        package var location: TestLocation
        /// Why the diagram cannot be played, if it cannot.
        package var syntaxError: MarbleSyntaxError?
        /// Its `|` or `#`, and when, in nanoseconds since a subscription (since the creation for a hot stream); `nil`
        /// when the diagram has no end.
        package var end: (symbol: Character, nanoseconds: Int64)?
        /// When a subscription last started its frames: the creation for a hot stream, `nil` for a cold one nothing
        /// has subscribed to.
        package var started: Duration?
        /// The value of each element's letter, as the diagram plays it.
        package var letters: [Character: any Sendable]
        /// Whether the syntax error was reported to the test framework.
        var isReported = false

        /// `Tests/Operators/DebounceTests.swift:12`.
        package var place: String { "\(location.fileID):\(location.line)" }

        /// Whether the stream never ends once started: subscribed to (or hot), and without `|` or `#`.
        package var neverEnds: Bool { syntaxError == nil && started != nil && end == nil }

        /// `input TestStream "-a-b" (Tests/DebounceTests.swift:12) is still open: it has no '|' or '#'`.
        package var stillOpen: String {
            "input TestStream \(ValueText.quoted(diagram, limit: 60)) (\(place)) is still open: it has no '|' or '#'"
        }
    }

    private let lock = Lock()
    private var inputs: [Input] = []

    package init() {}

    /// Every stream created on the clock, in order.
    package var all: [Input] { lock.withLock { inputs } }

    /// Adds `input`; its index, by which the stream notes its subscriptions.
    func add(_ input: Input) -> Int {
        lock.withLock {
            inputs.append(input)
            return inputs.count - 1
        }
    }

    /// Notes that a subscription to the stream at `index` starts its frames at `now` (a cold stream).
    func noteStart(of index: Int, at now: Duration) {
        lock.withLock { inputs[index].started = now }
    }

    /// Takes the report of the syntax error of the stream at `index`: `true` the first time, so that one test reports
    /// it once.
    package func claimReport(of index: Int) -> Bool {
        lock.withLock {
            defer { inputs[index].isReported = true }
            return !inputs[index].isReported
        }
    }

    /// Gives the report back when no test framework took it, for an expectation to report instead.
    func releaseReport(of index: Int) {
        lock.withLock { inputs[index].isReported = false }
    }

    /// The first stream whose diagram did not parse, with its index.
    package var firstInvalid: (index: Int, input: Input)? {
        lock.withLock {
            inputs.firstIndex { $0.syntaxError != nil }.map { ($0, inputs[$0]) }
        }
    }
}
