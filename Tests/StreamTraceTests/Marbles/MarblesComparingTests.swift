import Testing

@testable import StreamTrace

/// Issue 36 item 6b: marble expectations on elements that are not `Equatable` (tuples, as `zip` gives), compared by a
/// given comparison that also letters a failure's values.
@Suite struct MarblesComparingTests {
    /// A recorder of pairs on a test clock: `(0, "x")` in frame 1, `(1, "y")` in frame 3, finished in frame 4.
    static func pairs(_ second: (Int, String) = (1, "y")) async -> Recorder<(Int, String), Never> {
        let clock = TestClock()
        let recorder = Recorder<(Int, String), Never>(clock: clock)
        recorder.receiveSubscription()
        await clock.advance(by: .milliseconds(1))
        recorder.receive((0, "x"))
        await clock.advance(by: .milliseconds(2))
        recorder.receive(second)
        await clock.advance(by: .milliseconds(1))
        recorder.receive(completion: .finished)
        return recorder
    }

    @Test func tuplesCompareWithTheGivenComparison() async throws {
        let recorder = await Self.pairs()
        try recorder.marbles("-a-b|", values: ["a": (0, "x"), "b": (1, "y")], by: ==).get()
        // Only the numbers compared: "z" stands for any text.
        try recorder.marbles("-a-b|", values: ["a": (0, "z"), "b": (1, "z")], by: { $0.0 == $1.0 }).get()
    }

    /// `(0, "w")` is `(0, "x")` by the comparison, so it is drawn as `a`; values that are not `Encodable` are shown by
    /// their description, quoted.
    @Test func aDifferenceLettersValuesByTheComparison() async {
        let recorder = await Self.pairs((0, "w"))
        let error = MarblesExpectationTests.failure {
            try recorder.marbles("-a-b|", values: ["a": (0, "x"), "b": (1, "y")], by: { $0.0 == $1.0 }).get()
        }
        #expect(error?.reason == .valueMismatch)
        #expect(
            error?.report == #"""
                marbles("-a-b|"): frame 3: expected b ("(1, \"y\")"), got a ("(0, \"w\")") (event 3, t=+3ms)
                expected: -a-b|
                actual:   -a-a|
                             ^
                a = "(0, \"x\")"
                b = "(1, \"y\")"
                """#)
    }

    /// Marbles.swift's example of `marbles(_:values:error:frame:by:)`.
    @Test func theDocumentationExamplePasses() async throws {
        let clock = TestClock()
        let recorder = Recorder<(Int, String), Never>(clock: clock)
        await clock.advance(by: .milliseconds(1))
        recorder.receive((1, "x"))
        await clock.advance(by: .milliseconds(1))
        recorder.receive(completion: .finished)
        try recorder.marbles("-a|", values: ["a": (1, "x")], by: ==).get()
    }
}
