import Foundation
import StreamTrace
import Testing

@Suite struct GoldenTraceTests {
    func recording(_ values: [Int]) -> Recorder<Int, Never> {
        let clock = ManualClock()
        let recorder = Recorder<Int, Never>(name: "numbers", clock: clock)
        recorder.receiveSubscription()
        for value in values {
            clock.advance(by: .milliseconds(100))
            recorder.receive(value)
        }
        recorder.receive(completion: .finished)
        return recorder
    }

    @Test func recordingWritesTheFileThenComparisonsPass() throws {
        let path = temporaryPath("golden/numbers.jsonl")
        try? FileManager.default.removeItem(atPath: path)
        let golden = GoldenTrace(path: path)
        #expect(throws: GoldenTraceError.self) { try golden.verify(recording([1, 2]).traceText, record: false) }
        #expect(try golden.verify(recording([1, 2]).traceText, record: true) == .recorded)
        // The events as recorded (the header's wall-clock start differs from run to run).
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
                == recording([1, 2]).traceText.split(separator: "\n").dropFirst())
        #expect(try golden.verify(recording([1, 2]).traceText, record: false) == .matched)
        #expect(try golden.verify(recording([1, 2]).traceText, record: true) == .unchanged)
        // A changed stream: compared, it fails; recorded, it replaces the file.
        let error = try #require(throws: GoldenTraceError.self) {
            try golden.verify(recording([1, 3]).traceText, record: false)
        }
        #expect(
            error.description.hasPrefix(
                "golden trace \(path): traces differ: 1 difference (exact times), first at event 3"))
        #expect(try golden.verify(recording([1, 3]).traceText, record: true) == .recorded)
        #expect(try golden.verify(recording([1, 3]).traceText, record: false) == .matched)
    }

    @Test func timesCompareExactlyWithinAToleranceOrNotAtAll() throws {
        let path = temporaryPath("golden-times.jsonl")
        try GoldenTrace(path: path).verify(recording([1]).traceText, record: true)
        let clock = ManualClock()
        let slower = Recorder<Int, Never>(name: "numbers", clock: clock)
        slower.receiveSubscription()
        clock.advance(by: .milliseconds(105))
        slower.receive(1)
        slower.receive(completion: .finished)
        #expect(throws: GoldenTraceError.self) {
            try GoldenTrace(path: path, time: .exact).verify(slower.traceText, record: false)
        }
        #expect(throws: GoldenTraceError.self) {
            try GoldenTrace(path: path, time: .tolerance(.milliseconds(4))).verify(slower.traceText, record: false)
        }
        #expect(
            try GoldenTrace(path: path, time: .tolerance(.milliseconds(5))).verify(slower.traceText, record: false)
                == .matched)
        #expect(try GoldenTrace(path: path, time: .ignored).verify(slower.traceText, record: false) == .matched)
    }

    @Test func anUnreadableGoldenFileIsReportedWithItsLocation() throws {
        let path = temporaryPath("golden-broken.jsonl")
        try "{\"streamtrace\":1}\n{\"t\":0,\"event\":\"nope\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: GoldenTraceError.self) {
            try GoldenTrace(path: path).verify(recording([]).traceText, record: false)
        }
        #expect(error.description.hasPrefix("golden trace \(path) cannot be read: \(path):2:"))
        // Recording replaces a broken file.
        #expect(try GoldenTrace(path: path).verify(recording([]).traceText, record: true) == .recorded)
    }

    @Test func theRecordSwitchIsTheEnvironmentVariable() {
        #expect(GoldenTrace.recordVariable == "STREAMTRACE_RECORD")
        #expect(GoldenTrace.isRecording == (ProcessInfo.processInfo.environment["STREAMTRACE_RECORD"] == "1"))
        #expect(
            GoldenTrace.path(named: "search", nextTo: "/repo/Tests/AppTests/SearchTests.swift")
                == "/repo/Tests/AppTests/__Traces__/search.jsonl")
    }
}
