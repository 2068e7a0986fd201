import Foundation
import StreamTrace
import Testing

/// The README's search: the results for a query, then the end.
func searchResults(for query: String) -> AsyncStream<String> {
    AsyncStream { continuation in
        for suffix in ["", "ui", "-format"] { continuation.yield(query + suffix) }
        continuation.finish()
    }
}

/// A callback API, as the README's hand-fed recorder listens to it.
final class CallbackAPI {
    var onValue: ((String) -> Void)?
    var onDone: ((Result<Void, MyError>) -> Void)?

    func deliver(_ values: [String], then result: Result<Void, MyError>) {
        for value in values { onValue?(value) }
        onDone?(result)
    }
}

/// The README's code snippets (not its complete test files, which are test
/// files of their own), as written, with what their comments promise.
@Suite struct ReadmeSnippetTests {
    @Test func recordingAStreamWaitsForTheWholeShapeOrStepByStep() async throws {
        // Any AsyncSequence: consumed in a task, every event recorded.
        let recorder = searchResults(for: "swift").record(name: "search")

        // Wait (woken by events, never by polling; the timeout only bounds a failure) for the whole shape:
        let results = try await recorder.elements.value(timeout: .seconds(60))

        // Or read step by step:
        let first = try await recorder.next().value(timeout: .seconds(1))
        try await recorder.finished.value(timeout: .seconds(1))

        #expect(results == ["swift", "swiftui", "swift-format"])
        #expect(first == "swift")
    }

    @Test func atTheMinimumARecorderKeepsAnyErrorAndWithTypedThrowsTheSequencesOwn() async throws {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        let numbers = AsyncStream(scripted: [1])
        let moreNumbers = AsyncStream(scripted: [10])

        // Any error, on every OS version:
        let recorder: Recorder<Int, any Error> = numbers.map { $0 * 2 }.record()
        // The sequence's own error type where typed throws exist:
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            let typed: Recorder<Int, Never> = moreNumbers.map { $0 * 2 }.record()
            print(try await typed.elements.value(timeout: .seconds(60)))  // [20]
        }

        #expect(try await recorder.elements.value(timeout: .seconds(60)) == [2])
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            #expect(printed == ["[20]"])
        }
    }

    /// The README's callback example, for one run of the API.
    func recordCallbacks(of api: CallbackAPI) -> Recorder<String, MyError> {
        let recorder = Recorder<String, MyError>(name: "callbacks")
        api.onValue = { recorder.receive($0) }
        api.onDone = { result in
            switch result {
            case .success: recorder.receive(completion: .finished)
            case .failure(let error): recorder.receive(completion: .failure(error))
            }
        }
        return recorder
    }

    @Test func aRecorderFedByCallbacksRecordsValuesAndTheEnd() throws {
        let api = CallbackAPI()
        let finished = recordCallbacks(of: api)
        api.deliver(["s", "sw"], then: .success(()))
        #expect(try finished.elements.get() == ["s", "sw"])

        let failed = recordCallbacks(of: api)
        api.deliver(["s"], then: .failure(MyError(code: 7)))
        #expect(try failed.failure.get() == MyError(code: 7))
        #expect(failed.events.map(\.event) == [.value("s"), .failure(MyError(code: 7))])
    }

    @Test func invertedExpectationsPassWhenTheWaitEndsFirst() async throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(2)
        let sent = try await onOwnThread {
            try recorder.finished.inverted.wait(timeout: .milliseconds(100))  // the subject must not finish
            let sent = try recorder.prefix(3).inverted.get()  // fewer than 3 so far: them
            return sent
        }
        #expect(sent == [1, 2])
    }

    @Test func aTraceIsWrittenWhileRecordingAndReadBackAnEventAtATime() async throws {
        let directory = try temporaryDirectory()
        let recorder = try inDirectory(directory) {
            let sink = try FileTraceSink(path: "search.trace.jsonl")
            let recorder = searchResults(for: "swift").record(name: "search", sink: sink)
            return recorder
        }
        try await recorder.finished.value(timeout: .seconds(60))

        let printed = try inDirectory(directory) {
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            let reader = try TraceReader(path: "search.trace.jsonl")
            while let event = try reader.next() { print(event.nanoseconds, event.event) }
            print(reader.status)  // finished, failed, cancelled, open or truncated
            return printed
        }
        #expect(printed.count == 6)  // subscribe, 3 values, finished; the status
        #expect(printed[1].hasSuffix(#"value("swift")"#))
        #expect(printed.last == "finished")
    }
}
