#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// What a failing or recording test leaves behind, seen from outside: the
/// suite runs one of the tests below in a child process of its own test
/// binary (they only do something when the child's environment asks).
@Suite struct ChildRunTests {
    static let role = ProcessInfo.processInfo.environment["STREAMTRACE_CHILD"]
    static let directory = ProcessInfo.processInfo.environment["STREAMTRACE_CHILD_DIRECTORY"] ?? ""

    @Test(.enabled(if: role == "failing-wait"))
    func aWaitThatFails() async throws {
        let recorder = Recorder<String, Never>(name: "search", clock: TestClock())
        recorder.receiveSubscription()
        recorder.receive("s")
        recorder.receive("sw")
        try await wait(for: recorder.next(3), timeout: .milliseconds(10))
    }

    @Test(.enabled(if: role == "failing-marbles"))
    func aMarbleExpectationThatFails() async {
        let clock = TestClock()
        let input = TestStream<String>("-s-w|", values: ["w": "sw"], clock: clock)
        let recorder = input.record(name: "search", clock: clock)
        await clock.advance(by: .milliseconds(10))
        expectMarbles(recorder, "-s--w|", values: ["w": "sw"])
    }

    @Test(.enabled(if: role == "recording-golden"))
    func aGoldenTraceRecorded() {
        let recorder = Recorder<Int, Never>(name: "countdown", clock: TestClock())
        recorder.receive(3)
        recorder.receive(completion: .finished)
        expectGoldenTrace(of: recorder, at: Self.directory + "/countdown.jsonl")
    }

    @Test func aFailedExpectationAttachesTheRecordingAsATrace() async throws {
        let directory = try temporaryDirectory()
        let child = try await runChild("failing-wait", test: "aWaitThatFails", directory: directory, attachments: true)
        #expect(child.status != 0, "the child test fails: \(child.output)")
        #expect(child.output.contains("next(3): expected 3 more elements, got 2 within 10ms"), "\(child.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count == 1, "\(files)")
        let trace = try Trace(contentsOf: directory + "/" + (files.first ?? ""))
        #expect(trace.header.stream == "search")
        #expect(trace.elements == ["s", "sw"])
        #expect(trace.status == .open)
    }

    @Test func aFailedMarbleExpectationAttachesTheRecordingAsATrace() async throws {
        let directory = try temporaryDirectory()
        let child = try await runChild(
            "failing-marbles", test: "aMarbleExpectationThatFails", directory: directory, attachments: true)
        #expect(child.status != 0, "the child test fails: \(child.output)")
        #expect(child.output.contains(#"expectMarbles: frame 3: expected no event, got w ("sw")"#), "\(child.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        #expect(files == ["search.jsonl"])
        let trace = try Trace(contentsOf: directory + "/search.jsonl")
        #expect(trace.elements == ["s", "sw"])
        #expect(trace.status == .finished)
    }

    @Test func recordModeSaysWhichFileItWrote() async throws {
        let directory = try temporaryDirectory()
        let child = try await runChild(
            "recording-golden", test: "aGoldenTraceRecorded", directory: directory, record: true)
        #expect(child.status == 0, "\(child.output)")
        #expect(
            child.output.contains("StreamTrace: recorded golden trace \(directory)/countdown.jsonl"), "\(child.output)")
        #expect(try Trace(contentsOf: directory + "/countdown.jsonl").elements == [3])
    }

    /// Runs one test of this test binary in a child process.
    func runChild(
        _ role: String, test: String, directory: String, attachments: Bool = false, record: Bool = false
    ) async throws -> (status: Int32, output: String) {
        try await runThisTestBinary(
            ["--testing-library", "swift-testing", "--filter", "ChildRunTests/\(test)"]
                + (attachments ? ["--attachments-path", directory] : []),
            environment: [
                "STREAMTRACE_CHILD": role, "STREAMTRACE_CHILD_DIRECTORY": directory,
                "STREAMTRACE_RECORD": record ? "1" : nil,
            ])
    }
}
#endif
