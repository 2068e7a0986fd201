import Foundation
import StreamTrace
import Testing

/// The Getting Started article's countdown (its complete test file is
/// Tests/StreamTraceTestingTests/GettingStartedExampleTests.swift), for the
/// snippets that write its trace.
private func countdown(from start: Int, clock: some Clock<Duration>) -> AsyncStream<Int> {
    AsyncStream { continuation in
        let task = Task {
            for number in stride(from: start, through: 1, by: -1) {
                continuation.yield(number)
                try await clock.sleep(for: .seconds(1))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

/// The snippets of Sources/StreamTrace/StreamTrace.docc/GettingStarted.md,
/// as written, with what their comments promise.
@Suite struct GettingStartedSnippetTests {
    @Test func aStreamIsRecordedAndAskedQuestions() async throws {
        let numbers = AsyncStream<Int> { continuation in
            for number in 1...3 { continuation.yield(number) }
            continuation.finish()
        }
        let recorder = numbers.record(name: "numbers")

        let all = try await recorder.elements.value(timeout: .seconds(60))  // [1, 2, 3]
        let first = try recorder.next().get()  // 1
        let rest = try recorder.next(2).get()  // [2, 3]
        try recorder.finished.get()

        #expect(all == [1, 2, 3])
        #expect(first == 1)
        #expect(rest == [2, 3])

        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        do {
            _ = try recorder.single.get()
        } catch let error as RecordingError {
            print(error.message)  // expected exactly one element, got 3
        }
        #expect(printed == ["expected exactly one element, got 3"])
    }

    @Test func aRecorderIsFedByHand() throws {
        let recorder = Recorder<String, Never>(name: "typed")
        recorder.receive("s")
        recorder.receive("sw")
        recorder.receive(completion: .finished)
        let typed = try recorder.elements.get()  // ["s", "sw"]
        #expect(typed == ["s", "sw"])
    }

    /// Writes the trace as the article does: it is docs/examples/countdown.jsonl
    /// byte for byte, the file the article's `streamtrace check` transcript
    /// runs on (TranscriptTests).
    @Test func theTraceIsWrittenAsTheExampleTheArticlesCheckReads() async throws {
        let directory = try temporaryDirectory()
        let (clock, recorder) = try inDirectory(directory) {
            let clock = TestClock()
            let sink = try FileTraceSink(path: "countdown.jsonl")
            let recorder = countdown(from: 3, clock: clock).record(name: "countdown", clock: clock, sink: sink)
            return (clock, recorder)
        }
        await clock.advance(by: .seconds(3))
        try await recorder.finished.value(timeout: .seconds(60))  // the file is flushed on the terminal event

        let written = try String(contentsOfFile: directory + "/countdown.jsonl", encoding: .utf8)
        let example = try DocumentationExamplesTests.read("docs/examples/countdown.jsonl")
        #expect(written == example)
    }
}
