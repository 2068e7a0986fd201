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

        let all = try await recorder.elements.value(timeout: 60)  // [1, 2, 3]
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

    #if os(macOS) || os(Linux)  // runs the binary
    /// Writes the trace as the article does, then runs the article's
    /// `streamtrace check` command on it and compares the output with the
    /// article's.
    @Test func theTraceIsWrittenAndPassesTheArticlesCheck() async throws {
        let directory = try temporaryDirectory()
        let (clock, recorder) = try inDirectory(directory) {
            let clock = TestClock()
            let sink = try FileTraceSink(path: "countdown.jsonl")
            let recorder = countdown(from: 3, clock: clock).record(name: "countdown", clock: clock, sink: sink)
            return (clock, recorder)
        }
        await clock.advance(by: .seconds(3))
        try await recorder.finished.value(timeout: 60)  // the file is flushed on the terminal event

        let session = try GettingStartedArticle.checkSession()
        let result = try await CommandRunner.run(
            session.arguments.map { $0 == "countdown.jsonl" ? directory + "/countdown.jsonl" : $0 })
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == session.output)
    }
    #endif
}

/// The article's shell session: `$ streamtrace check …` and what it prints.
enum GettingStartedArticle {
    static let path = "Sources/StreamTrace/StreamTrace.docc/GettingStarted.md"

    /// The arguments after `streamtrace` (single-quoted ones unquoted) and
    /// the lines the article shows after the command.
    static func checkSession() throws -> (arguments: [String], output: [String]) {
        let text = try DocumentationExamplesTests.read(path)
        let lines = text.components(separatedBy: "\n")
        let command = try #require(lines.firstIndex { $0.hasPrefix("$ streamtrace check ") })
        let end = try #require(lines[command...].firstIndex { $0.hasPrefix("```") })
        return (shellWords(String(lines[command].dropFirst("$ streamtrace ".count))), Array(lines[(command + 1)..<end]))
    }

    /// Words split at spaces, with '…' quoting.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " ", !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
