import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

@Suite struct GoldenTraceTests {
    /// Recorded once with STREAMTRACE_RECORD=1 under virtual time, and
    /// compared byte for byte (times too) on every run since: CI fails if
    /// the stream's shape or timing changes.
    @Test func aVirtualTimeRecordingMatchesItsCommittedTrace() async throws {
        let clock = TestClock()
        let recorder = ticks(3, on: clock).record(name: "countdown", clock: clock)
        await tick(clock, seconds: 3, recorder: recorder)
        try await wait(for: recorder.finished, timeout: .seconds(60))
        expectGoldenTrace(of: recorder, named: "countdown")
        let path = GoldenTrace.path(named: "countdown", nextTo: #filePath)
        #expect(path.hasSuffix("Tests/StreamTraceTestingTests/__Traces__/countdown.jsonl"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == recorder.traceText)
    }

    @Test func aDifferentRecordingGivesTheDiff() throws {
        let path = temporaryPath("golden-differs.jsonl")
        try """
        {"streamtrace":1,"stream":"countdown","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":1000000000,"event":"value","value":1}
        {"t":2000000000,"event":"value","value":2}
        {"t":2000000000,"event":"finished"}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let recorder = Recorder<Int, Never>(name: "countdown", clock: TestClock())
        recorder.receiveSubscription()
        recorder.receive(1)
        recorder.receive(3)
        recorder.receive(completion: .finished)
        let line = #line + 1
        let issues = synchronousIssues { expectGoldenTrace(of: recorder, at: path, time: .ignored) }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                golden trace \(path) differs; run with STREAMTRACE_RECORD=1 to accept the new trace
                --- \(path)  (4 events)
                +++ recorded  (4 events)
                event 3: values differ
                - \(path):4  t=+2s  value 2
                + recorded:4\(String(repeating: " ", count: path.count - 8))  t=+0ns  value 3
                traces differ: 1 difference (times ignored), first at event 3 (line 4 of expected, line 4 of actual)
                expected: ---a---(b|)
                actual:   (ac|)
                a = 1
                b = 2
                c = 3
                """
            ])
    }

    @Test func aMissingGoldenTraceFailsAndSaysHowToRecordIt() {
        let path = temporaryPath("golden-missing.jsonl")
        try? FileManager.default.removeItem(atPath: path)
        let recorder = Recorder<Int, Never>(clock: TestClock())
        let issues = synchronousIssues { expectGoldenTrace(of: recorder, at: path) }
        #expect(
            issues.map(\.message) == [
                "golden trace \(path) does not exist: run the test with STREAMTRACE_RECORD=1 to record it"
            ])
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
