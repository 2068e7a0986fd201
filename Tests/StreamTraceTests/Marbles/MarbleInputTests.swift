import Testing

@testable import StreamTrace

/// What a marble failure says about its inputs: a `TestStream` whose diagram
/// does not parse, one still open when the diagram wants an end, the letters
/// inputs use, and a recording whose clock is not virtual.
@Suite struct MarbleInputTests {
    /// The report of the failure of `recorder.marbles(diagram, values:)`.
    static func report<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input] = [:]
    ) -> String? {
        let error = #expect(throws: RecordingError.self) { try recorder.marbles(diagram, values: values).get() }
        return error?.report
    }

    @Test func anInputThatDoesNotParseFailsEveryMarbleExpectationOnItsClockWithItsSyntaxErrorFirst() async {
        let clock = TestClock()
        let line = #line + 1
        let input = TestStream<String>(unreported: "-a|b", clock: clock)
        let recorder = input.record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        let error = #expect(throws: RecordingError.self) { try recorder.marbles("-a|").get() }
        #expect(error?.reason == .invalidDiagram)
        #expect(
            error?.report == """
                marbles("-a|"): input TestStream at StreamTraceTests/MarbleInputTests.swift:\(line): \
                marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
                -a|b
                   ^
                """)
        #expect(error?.origin?.location.line == UInt(line))
        #expect(error?.origin?.claim() == true)
        #expect(error?.origin?.claim() == false)
    }

    @Test func validatingThrowsTheSyntaxErrorAndRegistersNothing() throws {
        let clock = TestClock()
        #expect(
            throws: MarbleSyntaxError(
                diagram: "-a|b", column: 4, message: "'b' after the stream ended ('|' at column 3)")
        ) {
            _ = try TestStream<String>(validating: "-a|b", clock: clock)
        }
        #expect(clock.core.inputs.all.isEmpty)
        let stream = try TestStream(validating: "-a-b|", values: ["a": 1, "b": 2], clock: clock)
        #expect(clock.core.inputs.all.map(\.diagram) == ["-a-b|"])
        _ = stream
    }

    @Test func aDiagramWaitingForAnEndNamesEachInputWithoutOne() async {
        let clock = TestClock()
        let line = #line + 1
        let open = TestStream("-(ab)-c", clock: clock)
        let later = TestStream("-c------|", clock: clock)
        let ended = TestStream("-d|", clock: clock)
        let recorder = open.record(clock: clock)
        let others = (later.record(clock: clock), ended.record(clock: clock))
        await clock.advance(by: .milliseconds(6))
        #expect(
            Self.report(recorder, "-(ab)-c|") == """
                marbles("-(ab)-c|"): frame 7: expected | (finished), but the recording ends in frame 6 (event 4, t=+6ms)
                expected: -(ab)-c|
                actual:   -(ab)-c
                                 ^
                a = "a"
                b = "b"
                c = "c"
                input TestStream "-(ab)-c" (StreamTraceTests/MarbleInputTests.swift:\(line)) is still open: \
                it has no '|' or '#'
                TestClock at 6ms; 1 sleeper until 8ms: advance(by: .milliseconds(2)) reaches it
                """)
        _ = others
    }

    @Test func anOutputLetterNeverReusesALetterAnInputGivesAnotherValue() async {
        let clock = TestClock()
        let input = TestStream("-a-b|", values: ["a": 1, "b": 2], clock: clock)
        let recorder = input.map { $0 * 10 }.record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        #expect(
            Self.report(recorder, "-x-y|", values: ["x": 10, "y": 30]) == """
                marbles("-x-y|"): frame 3: expected y (30), got c (20) (event 3, t=+3ms)
                expected: -x-y|
                actual:   -x-c|
                             ^
                x = 10
                y = 30
                c = 20
                """)
    }

    @Test func aOneCharacterStringIsDrawnAsItselfWhereThatIsUnambiguous() async {
        let clock = TestClock()
        let input = TestStream("-a-b|", values: ["a": "C", "b": "X"], clock: clock)
        let recorder = input.record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        #expect(
            Self.report(recorder, "-X-C|") == """
                marbles("-X-C|"): frame 1: expected X ("X"), got C ("C") (event 2, t=+1ms)
                expected: -X-C|
                actual:   -C-X|
                           ^
                X = "X"
                C = "C"
                """)
        let own = TestStream("-c-d|", clock: clock).map { $0.uppercased() }.record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        let lines = Self.report(own, "-C-X|")?.split(separator: "\n").map(String.init)
        #expect(lines?.first == #"marbles("-C-X|"): frame 3: expected X ("X"), got D ("D") (event 3, t=+3ms)"#)
        #expect(lines?.dropFirst().first == "expected: -C-X|")
        #expect(lines?.dropFirst(2).first == "actual:   -C-D|")
        #expect(lines?.last == #"D = "D""#)
    }

    @Test func aRecordingOnAClockThatIsNotVirtualSaysSoAndWhatFrameAbsorbsTheJitter() {
        let clock = ManualClock()
        let recorder = Recorder<String, Never>(clock: clock)
        clock.advance(by: .microseconds(2_282))
        recorder.receive("a")
        clock.advance(by: .microseconds(1_218))
        recorder.receive(completion: .finished)
        #expect(
            Self.report(recorder, "-a|") == """
                marbles("-a|"): frame 1: expected a ("a"), got no event; the next is a ("a") in frame 2 \
                (event 1, t=+2.282ms)
                expected: -a|
                actual:   --a|
                           ^
                a = "a"
                the recorder's clock, ManualClock, is not virtual: its time passes on its own; recorded times stray \
                up to 1.5ms from their frames' starts; frame: .microseconds(1200) puts each event in its diagram frame
                """)
    }

    @Test func framesFitWhereEveryRecordedTimeFallsInItsDiagramFrame() {
        let late = MarbleFrameFit(frames: [1], recorded: [2_282_000], frame: 1_000_000)
        #expect(late?.stray == 1_282_000)
        #expect(late?.frame == 2_000_000)
        #expect(
            late?.describe(frame: 1_000_000)
                == "recorded times stray up to 1.282ms from their frames' starts; frame: .milliseconds(2) puts each "
                + "event in its diagram frame")
        let within = MarbleFrameFit(frames: [1, 3], recorded: [1_300_000, 3_100_000], frame: 1_000_000)
        #expect(
            within?.describe(frame: 1_000_000)
                == "recorded times stray up to 300us from their frames' starts, each within its diagram frame")
        let never = MarbleFrameFit(frames: [2, 3], recorded: [1_000_000, 5_000_000], frame: 1_000_000)
        #expect(never?.frame == nil)
        #expect(
            never?.describe(frame: 1_000_000)
                == "recorded times stray up to 2ms from their frames' starts; no frame puts each event in its diagram "
                + "frame: record on a TestClock")
        #expect(MarbleFrameFit(frames: [], recorded: [1], frame: 1) == nil)
    }

    @Test func aStringStreamNeedsNoTypeOnAClock() async throws {
        let clock = TestClock()
        let recorder = TestStream("abc|", clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(3))
        #expect(try recorder.elements.get() == ["a", "b", "c"])
    }
}
