import Testing

@testable import StreamTrace

/// Issue 36 item 9: a marble comparison decided early keeps and draws the same on 10 events or 200,000 (pinned by what
/// it keeps and draws, not by time): the diagram's elements and one more, then how many more the recording holds.
@Suite struct MarblesBoundedTests {
    /// A recorder of `count` values 0, 1, … fed by hand on a clock that does not move (all in frame 0), finished.
    static func recorder(_ count: Int) -> Recorder<Int, Never> {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receiveSubscription()
        for value in 0..<count { recorder.receive(value) }
        recorder.receive(completion: .finished)
        return recorder
    }

    @Test func aDifferenceInTheFirstFrameIsDrawnAlikeOn10Or200000Events() throws {
        for count in [10, 200_000] {
            let error = MarblesExpectationTests.failure {
                try Self.recorder(count).marbles("a|", values: ["a": 0]).get()
            }
            #expect(
                error?.report == """
                    marbles("a|"): frame 0: expected no event, got b (1) (event 3, t=+0ns)
                    expected: a    |
                    actual:   (ab|)
                              ^
                    a = 0
                    b = 1
                    \(count - 2) later elements not drawn: the difference comes before
                    """)
        }
    }

    /// A group's lanes keep their diagram's elements and one more, then their end: before, every element was drawn
    /// (letters ran out after `z` and became `?`) and 5,000 events took 42 s to report.
    @Test func aGroupsLaneIsDrawnAlikeOn10Or200000Events() throws {
        for count in [10, 200_000] {
            let group = StreamGroup(name: "ticks", clock: TestClock())
            let ticks = group.recorder(named: "ticks", of: Int.self)
            for value in 0..<count { ticks.receive(value) }
            ticks.receive(completion: .finished)
            let error = MarblesExpectationTests.failure {
                try group.events.marbles(["ticks": "a|"], values: ["a": 0]).get()
            }
            #expect(error?.reason == .unexpectedEvent)
            #expect(
                error?.report == """
                    marbles(["ticks": "a|"]): ticks: frame 0: expected no event, got b (1) (event 2, t=+0ns)
                    ticks expected: a    |
                          actual:   (ab|)
                                    ^
                    a = 0
                    b = 1
                    ticks: \(count - 2) later elements not drawn: the difference comes before
                    """)
        }
    }
}
