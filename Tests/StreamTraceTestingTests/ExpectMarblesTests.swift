import StreamTrace
import StreamTraceTesting
import Testing

/// `expectMarbles`: a recording drawn as a diagram, in Swift Testing.
@Suite struct ExpectMarblesTests {
    static let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4]

    /// `input` played on a test clock into a recorder, with `transform`
    /// between, once the clock has run `milliseconds`.
    static func played(
        _ input: String, milliseconds: Int = 20, _ transform: @escaping @Sendable (Int) -> Int = { $0 }
    ) async -> Recorder<Int, any Error> {
        let clock = TestClock()
        let recorder = TestStream(input, values: values, clock: clock).map(transform).record(clock: clock)
        await clock.advance(by: .milliseconds(milliseconds))
        return recorder
    }

    @Test func aRecordingDrawnAsTheDiagramPasses() async {
        let recorder = await Self.played("-a-b--c|")
        expectMarbles(recorder, "-a-b--c|", values: Self.values)
        expectMarbles(recorder, "-b-c--d|", values: ["b": 1, "c": 2, "d": 3])
    }

    /// ExpectMarbles.swift's example.
    @Test func theDocumentationExamplePasses() async {
        let recorder = await Self.played("-a--b-c|")
        expectMarbles(recorder, "-a--b-c|", values: ["a": 1, "b": 2, "c": 3])
    }

    @Test func aDifferenceIsOneIssueAtTheCallersLineDrawingExpectedOverActual() async {
        let recorder = await Self.played("-a-b--c|") { $0 == 2 ? 4 : $0 }
        let line = #line + 1
        let issues = synchronousIssues { expectMarbles(recorder, "-a-b--c|", values: Self.values) }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: frame 3: expected b (2), got d (4) (event 3, t=+3ms)
                expected: -a-b--c|
                actual:   -a-d--c|
                             ^
                a = 1
                b = 2
                c = 3
                d = 4
                """
            ])
    }

    @Test func anActualLinePastedIntoTheTestReadsBack() async {
        let recorder = await Self.played("-a-(bc) 30ms d|", milliseconds: 60) { $0 * 10 }
        let issues = synchronousIssues { expectMarbles(recorder, "-a-(bc)-d|", values: Self.values) }
        let actual = issues.first?.message.split(separator: "\n").first { $0.hasPrefix("actual:") }
        #expect(actual == "actual:   -e-(fg)--- 27ms h|")
        expectMarbles(recorder, "-e-(fg)--- 27ms h|", values: ["e": 10, "f": 20, "g": 30, "h": 40])
    }

    @Test func aRecordingShortOfTheDiagramSaysWhatTheClockWasDoing() async {
        let recorder = await Self.played("-a-b 300ms c|", milliseconds: 100)
        let issues = synchronousIssues { expectMarbles(recorder, "-a-b 300ms c|", values: Self.values) }
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: frame 304: expected c (3), but the recording ends in frame 3 (event 3, t=+3ms)
                expected: -a-b 300ms c|
                actual:   -a-b
                                     ^
                a = 1
                b = 2
                c = 3
                TestClock at 100ms; 1 sleeper until 304ms: advance(by: .milliseconds(204)) reaches it
                """
            ])
    }

    @Test func aDiagramThatCannotBeReadIsOneIssueNamingItsColumn() async {
        let recorder = await Self.played("-a|")
        let issues = synchronousIssues { expectMarbles(recorder, "-a-(b|", values: Self.values) }
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: marbles "-a-(b|": column 4: '(' is never closed
                -a-(b|
                   ^
                """
            ])
    }
}

/// Issue 36 item 6b: `expectMarbles(…, by:)` for elements that are not `Equatable`.
extension ExpectMarblesTests {
    @Test func pairsCompareWithTheGivenComparison() async {
        let clock = TestClock()
        let numbers = TestStream("-a-b|", values: ["a": 1, "b": 2], clock: clock)
        let recorder = numbers.map { ($0, String($0)) }.record(clock: clock)
        await clock.advance(by: .milliseconds(10))
        expectMarbles(recorder, "-a-b|", values: ["a": (1, "1"), "b": (2, "2")], by: ==)
        let line = #line + 2
        let issues = synchronousIssues {
            expectMarbles(recorder, "-a-b|", values: ["a": (1, "1"), "b": (2, "two")], by: ==)
        }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.first?.message.split(separator: "\n").first
                == #"expectMarbles: frame 3: expected b ("(2, \"two\")"), got c ("(2, \"2\")") (event 3, t=+3ms)"#)
    }

    /// ExpectMarbles.swift's example of `expectMarbles(_:_:values:error:frame:by:…)`.
    @Test func theComparingDocumentationExamplePasses() async {
        let clock = TestClock()
        let recorder = TestStream("-a|", values: ["a": 1], clock: clock).map { ($0, "x") }.record(clock: clock)
        await clock.advance(by: .milliseconds(2))
        expectMarbles(recorder, "-a|", values: ["a": (1, "x")], by: ==)
    }
}
