import StreamTrace
import StreamTraceTesting
import Testing

/// A subscription or demand diagram that cannot be read fails the test at
/// the `record` call, and the recorder never subscribes.
@Suite struct ActingDiagramErrorTests {
    /// The issue that `record` reports for `subscription` and `demand`, with
    /// its line, and the recorder's events.
    static func reported(
        subscription: String? = nil, demand: String? = nil
    ) async -> (issues: [String], lines: [Int?], expectedLine: Int, events: Int) {
        let clock = TestClock()
        let input = TestStream<String>("a|", clock: clock)
        var recorder: Recorder<String, any Error>?
        var expectedLine = 0
        let issues = await recordedIssues {
            if let subscription {
                expectedLine = #line + 1
                recorder = input.record(clock: clock, subscription: subscription, demand: demand)
            } else {
                expectedLine = #line + 1
                recorder = input.record(clock: clock, demand: demand ?? "")
            }
            await clock.advance(by: .milliseconds(5))
        }
        return (issues.map(\.message), issues.map(\.line), expectedLine, recorder?.events.count ?? -1)
    }

    @Test func aSubscriptionWithoutACaretIsReportedAtTheCall() async {
        let result = await Self.reported(subscription: "--!")
        #expect(
            result.issues == [
                #"record: marbles "--!": a subscription diagram needs '^', the frame where the consumer subscribes "#
                    + #"("--^---!"), so the recorder never subscribes"#
            ])
        #expect(result.lines == [result.expectedLine])
        #expect(result.events == 0)
    }

    @Test func anElementInASubscriptionIsReportedAtItsColumn() async {
        let result = await Self.reported(subscription: "^-a-!")
        #expect(
            result.issues == [
                #"record: marbles "^-a-!": column 3: 'a' in a subscription diagram, which has only '^' and '!', "#
                    + "so the recorder never subscribes"
            ])
    }

    @Test func anEndInADemandDiagramIsReportedAtItsColumn() async {
        let result = await Self.reported(demand: "-d-|")
        #expect(
            result.issues == [
                #"record: marbles "-d-|": column 4: '|' in a demand diagram, whose every mark is a demand of one, "#
                    + "so the recorder never subscribes"
            ])
        #expect(result.events == 0)
    }

    @Test func aCaretInADemandDiagramIsReportedAtItsColumn() async {
        let result = await Self.reported(subscription: "^", demand: "-^d")
        #expect(
            result.issues == [
                #"record: marbles "-^d": column 2: '^' in a demand diagram: its frames start at the recorder's "#
                    + "creation, as a subscription's, so the recorder never subscribes"
            ])
    }
}
