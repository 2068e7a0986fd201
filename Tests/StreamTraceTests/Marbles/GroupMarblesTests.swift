import StreamTrace
import Testing

/// `group.events.marbles([…])`: each lane compared with its stream, frames on the group's clock, events that share a
/// frame across lanes in the order the lanes are listed.
@Suite struct GroupMarblesTests {
    /// The error `marbles` fails with, read now.
    static func failure(
        _ group: StreamGroup, _ lanes: KeyValuePairs<String, String>, values: [Character: JSONValue] = [:]
    ) -> RecordingError? {
        #expect(throws: RecordingError.self) { try group.events.marbles(lanes, values: values).get() }
    }

    /// A group of two streams of strings, `a` and `b`, on `clock`.
    static func group(
        on clock: TestClock = TestClock()
    ) -> (group: StreamGroup, a: Recorder<String, Never>, b: Recorder<String, Never>) {
        let group = StreamGroup(name: "g", clock: clock)
        return (group, group.recorder(named: "a"), group.recorder(named: "b"))
    }

    @Test func lettersWithoutValuesStandForTheirCharacterAndStreamsWithoutALaneAreNotCompared() async throws {
        let clock = TestClock()
        let group = StreamGroup(name: "g", clock: clock)
        let a = group.recorder(named: "a", of: String.self)
        let b = group.recorder(named: "b", of: Int.self)
        let c = group.recorder(named: "c", of: String.self, failure: TraceFailure.self)
        b.receive(7)
        await clock.advance(by: .milliseconds(1))
        a.receive("x")
        c.receive(completion: .failure(TraceFailure(type: "Boom", message: "it broke")))
        try group.events.marbles(["a": "-x", "c": "-#"]).get()
        try group.events.marbles(["b": "n"], values: ["n": 7]).get()
    }

    @Test func eventsOfOneLaneInAFrameKeepTheirOrderAndOnlyOrderAcrossLanesIsChecked() async throws {
        let (group, a, b) = Self.group()
        a.receive("p")
        a.receive("q")
        b.receive("r")
        try group.events.marbles(["a": "(pq)", "b": "r"]).get()
        let error = Self.failure(group, ["b": "r", "a": "(pq)"])
        #expect(error?.reason == .init(rawValue: "laneOrder"))
        #expect(error?.message == "frame 0: expected b:r before a:p, recorded a:p first")
    }

    @Test func anOrderAcrossLanesInAnEarlierFrameThanAValueIsTheFirstDifference() async throws {
        let clock = TestClock()
        let (group, a, b) = Self.group(on: clock)
        b.receive("r")
        a.receive("p")
        await clock.advance(by: .milliseconds(2))
        a.receive("z")
        #expect(
            Self.failure(group, ["a": "p-q", "b": "r"])?.message
                == "frame 0: expected a:p before b:r, recorded b:r first")
        #expect(Self.failure(group, ["a": "q-z", "b": "r"])?.message == #"a: frame 0: expected q ("q"), got a ("p")"#)
    }

    @Test func aLaneThatCannotBeReadOrIsListedTwiceIsAnInvalidDiagram() {
        let group = StreamGroup(name: "g", clock: TestClock())
        let unreadable = Self.failure(group, ["a": "-a|", "b": "-a-(b|"])
        #expect(unreadable?.reason == .init(rawValue: "invalidDiagram"))
        #expect(
            unreadable?.report == """
                marbles(["a": "-a|", "b": "-a-(b|"]): b: marbles "-a-(b|": column 4: '(' is never closed
                -a-(b|
                   ^
                """)
        let twice = Self.failure(group, ["a": "-a|", "a": "-b|"])
        #expect(
            twice?.message
                == #"a: marbles "-b|": a second lane of the stream: each stream has one lane, listed once"#)
    }

    @Test func aLaneShortOfItsDiagramIsNotReached() async throws {
        let clock = TestClock()
        let (group, a, b) = Self.group(on: clock)
        a.receive("p")
        await clock.advance(by: .milliseconds(3))
        b.receive("r")
        let error = Self.failure(group, ["a": "p--q", "b": "---r"])
        #expect(error?.reason == .init(rawValue: "notReached"))
        #expect(
            error?.report == """
                marbles(["a": "p--q", "b": "---r"]): a: frame 3: expected q ("q"), but the recording ends in frame 0 \
                (event 1, t=+0ns)
                a expected: p--q
                  actual:   p
                               ^
                b expected: ---r
                  actual:   ---r
                p = "p"
                q = "q"
                r = "r"
                TestClock at 3ms; nothing sleeps or is scheduled on it
                """)
    }
}
