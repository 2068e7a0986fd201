import Testing

@testable import StreamTrace

/// `recorder.marbles(…)`: the recording drawn as a diagram, read now or
/// waited for, with failures that draw expected over actual.
@Suite struct MarblesExpectationTests {
    static let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

    /// A recorder on a test clock fed `events` (value or end, and the
    /// millisecond it comes at).
    static func recording(
        _ events: [(StreamEvent<Int, TraceFailure>, Int)], clock: TestClock = TestClock()
    ) async -> Recorder<Int, TraceFailure> {
        let recorder = Recorder<Int, TraceFailure>(clock: clock)
        recorder.receiveSubscription()
        for (event, millisecond) in events {
            await clock.advance(to: .init(offset: .milliseconds(millisecond)))
            switch event {
            case .value(let value): recorder.receive(value)
            case .finished: recorder.receive(completion: .finished)
            case .failure(let error): recorder.receive(completion: .failure(error))
            case .cancel: recorder.cancel()
            default: break
            }
        }
        return recorder
    }

    static func failure(_ body: () throws -> Void) -> RecordingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? RecordingError
        }
    }

    @Test func aRecordingDrawnAsTheDiagramPasses() async throws {
        let recorder = await Self.recording([(.value(1), 1), (.value(2), 4), (.value(3), 6), (.finished, 7)])
        try recorder.marbles("-a--b-c|", values: Self.values).get()
        try recorder.marbles("-a 2ms b-c|", values: Self.values).get()
        try recorder.marbles("ab(c|)", values: Self.values, frame: .milliseconds(3)).get()
    }

    @Test func aDifferenceNamesItsFrameAndDrawsExpectedOverActual() async {
        let recorder = await Self.recording([(.value(1), 1), (.value(3), 4), (.finished, 5)])
        let error = Self.failure { try recorder.marbles("-a--b|", values: Self.values).get() }
        #expect(error?.reason.rawValue == "valueMismatch")
        #expect(error?.location == EventLocation(index: 2, nanoseconds: 4_000_000))
        #expect(
            error?.report == """
                marbles("-a--b|"): frame 4: expected b (2), got c (3) (event 3, t=+4ms)
                expected: -a--b|
                actual:   -a--c|
                              ^
                a = 1
                b = 2
                c = 3
                """)
    }

    @Test func eachKindOfDifferenceHasItsReason() async {
        let recorder = await Self.recording([(.value(1), 1), (.value(2), 2), (.finished, 3)])
        let reasons = ["-ab|", "-a-b|", "-a|", "-ab-|", "-ab#", "-a(bc)|", "-ab|--"].map { diagram in
            Self.failure { try recorder.marbles(diagram, values: Self.values).get() }?.reason.rawValue ?? "passed"
        }
        #expect(
            reasons == [
                "passed", "unexpectedEvent", "lateCompletion", "earlyCompletion", "differentEvent", "missingEvent",
                "passed",
            ])
    }

    @Test func aFailureMatchesTheGivenErrorElseAnyAndACancelIsDrawn() async {
        let failed = await Self.recording([(.value(1), 1), (.failure(TraceFailure(type: "E", message: "x")), 2)])
        #expect(Self.failure { try failed.marbles("-a#", values: Self.values).get() } == nil)
        let other = TraceFailure(type: "E", message: "y")
        let error = Self.failure { try failed.marbles("-a#", values: Self.values, error: other).get() }
        #expect(error?.reason.rawValue == "differentEvent")
        #expect(error?.report.hasSuffix("a = 1\n#: E: x") == true)
        let cancelled = await Self.recording([(.value(1), 1), (.cancel, 3)])
        #expect(Self.failure { try cancelled.marbles("-a-!", values: Self.values).get() } == nil)
    }

    @Test func aWaitPassesOnceTheEventsAreThereAndFailsAtTheFirstFrameThatDiffers() async throws {
        let clock = TestClock()
        let recorder = await Self.recording([(.value(1), 1)], clock: clock)
        let waiting = Task { try await recorder.marbles("-a-b|", values: Self.values).value(timeout: .seconds(60)) }
        await clock.advance(to: .init(offset: .milliseconds(3)))
        recorder.receive(2)
        await clock.advance(to: .init(offset: .milliseconds(4)))
        recorder.receive(completion: .finished)
        try await waiting.value
        await #expect(throws: RecordingError.self) {
            try await recorder.marbles("-a-c|", values: Self.values).value(timeout: .seconds(60))
        }
    }

    @Test func aRecordingShortOfTheDiagramSaysWhatTheClockWasDoing() async {
        let clock = TestClock()
        let recorder = TestStream("-a--b|", values: Self.values, clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(2))
        let error = Self.failure { try recorder.marbles("-a--b|", values: Self.values).get() }
        #expect(error?.reason.rawValue == "notReached")
        #expect(
            error?.report == """
                marbles("-a--b|"): frame 4: expected b (2), but the recording ends in frame 1 (event 2, t=+1ms)
                expected: -a--b|
                actual:   -a
                              ^
                a = 1
                b = 2
                TestClock at 2ms; 1 sleeper until 4ms: advance(by: .milliseconds(2)) reaches it
                """)
    }

    @Test func aDiagramThatCannotBeReadFailsNamingItsColumn() async {
        let recorder = await Self.recording([(.value(1), 1)])
        let unclosed = Self.failure { try recorder.marbles("-(a", values: Self.values).get() }
        #expect(unclosed?.reason.rawValue == "invalidDiagram")
        #expect(unclosed?.message == #"marbles "-(a": column 2: '(' is never closed"#)
        let unnamed = Self.failure { try recorder.marbles("-x", values: Self.values).get() }
        #expect(unnamed?.message == #"marbles "-x": column 2: 'x' has no value (values has a, b, c)"#)
        let early = Self.failure { try recorder.marbles("a^-a", values: Self.values).get() }
        #expect(
            early?.message
                == #"marbles "a^-a": column 1: 'a' before '^': an expected diagram starts at the subscription"#)
        #expect(Self.failure { try recorder.marbles("^a", values: Self.values).get() } == nil)
    }

    /// The diagram's elements and one more decide it (the first difference is at or before that one): the failure
    /// draws those, and says how many later elements it leaves out, as `check` does on the trace's file.
    @Test func aLongRecordingIsDrawnUpToOneElementAfterTheDiagrams() async {
        let recorder = await Self.recording((1...30).map { (.value($0), $0 * 10) } + [(.finished, 310)])
        let error = Self.failure {
            try recorder.marbles("-a|", values: ["a": 1], frame: .milliseconds(10)).get()
        }
        #expect(error?.reason.rawValue == "lateCompletion")
        #expect(
            error?.report == """
                marbles("-a|"): frame 2: expected | (finished), got b (2): the stream ends 29 frames late, in frame 31 \
                (event 3, t=+20ms)
                expected: -a|
                actual:   -ab 280ms |
                            ^
                a = 1
                b = 2
                28 later elements not drawn: the difference comes before
                """)
    }
}
