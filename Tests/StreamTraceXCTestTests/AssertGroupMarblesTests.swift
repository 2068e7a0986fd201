import StreamTrace
import StreamTraceXCTest
import XCTest

/// `assertMarbles` of a group: one lane per stream, on the group's clock, events that share a frame across lanes in
/// the order the lanes are listed.
final class AssertGroupMarblesTests: FailureCapturingTestCase {
    private static let values: [Character: JSONValue] = ["t": "tap", "o": true, "f": false, "r": "#1"]

    /// A payment button tapped at 1ms and at 4ms, each tap turning the spinner on in its frame (after the tap; before
    /// it at 4ms if `spinnerFirst`), the spinner off at 3ms and at 5ms (on again at 5ms if not `offAgain`), then
    /// the receipt `#1`; the three streams finish at 6ms, in that order.
    private func payment(spinnerFirst: Bool = false, offAgain: Bool = true) async -> StreamGroup {
        let clock = TestClock()
        let group = StreamGroup(name: "payment", clock: clock)
        let button = group.recorder(named: "button", of: String.self)
        let spinner = group.recorder(named: "spinner", of: Bool.self)
        let receipt = group.recorder(named: "receipt", of: String.self)
        let tap = { button.receive("tap") }
        let on = { spinner.receive(true) }
        // What each millisecond records, in order.
        let steps: [[() -> Void]] = [
            [], [tap, on], [], [{ spinner.receive(false) }], spinnerFirst ? [on, tap] : [tap, on],
            [{ spinner.receive(!offAgain) }, { receipt.receive("#1") }],
            [
                { button.receive(completion: .finished) }, { spinner.receive(completion: .finished) },
                { receipt.receive(completion: .finished) },
            ],
        ]
        for step in steps {
            for record in step { record() }
            await clock.advance(by: .milliseconds(1))
        }
        return group
    }

    /// AssertMarbles.swift's example.
    func testLanesDrawnAsTheStreamsWereRecordedPass() async {
        let group = await payment()
        assertMarbles(group, ["button": "-t--t-|", "spinner": "-o-fof|"], values: ["t": "tap", "o": true, "f": false])
    }

    func testAValueThatDiffersIsRecordedAtTheCallersLineDrawingEveryLane() async {
        let group = await payment(offAgain: false)
        let line = #line + 2
        let failures = expectFailures {
            assertMarbles(group, ["button": "-t--t-|", "spinner": "-o-fof|"], values: Self.values)
        }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - assertMarbles: spinner: frame 5: expected f (false), got o (true) (event 6, t=+5ms)
                        button  expected: -t--t-|
                                actual:   -t--t-|
                        spinner expected: -o-fof|
                                actual:   -o-foo|
                                               ^
                        t = "tap"
                        o = true
                        f = false
                        """,
                    file: #filePath, line: line)
            ])
    }

    func testEventsOfOneFrameRecordedInAnotherOrderThanTheLanesFailNamingBoth() async {
        let group = await payment(spinnerFirst: true)
        assertMarbles(group, ["spinner": "-o-fof|"], values: Self.values)
        let failures = expectFailures {
            assertMarbles(
                group, ["button": "-t--t-|", "spinner": "-o-fof|", "receipt": "-----r|"], values: Self.values)
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                failed - assertMarbles: frame 4: expected button:t before spinner:o, recorded spinner:o first \
                (event 5, t=+4ms)
                button  expected: -t--t-|
                        actual:   -t--t-|
                spinner expected: -o-fof|
                        actual:   -o-fof|
                                      ^
                receipt expected: -----r|
                        actual:   -----r|
                t = "tap"
                o = true
                f = false
                r = "#1"
                """
            ])
    }
}
