import Foundation
import StreamTrace
import Testing

/// Every passing and failing example of CombineExpectations' README, against
/// hand-fed recorders and AsyncSequences. A "publisher" that sends nothing is
/// a recorder nobody feeds; `["foo", "bar"].publisher` is a scripted stream.
/// The expectations that read at the cursor are in
/// CombineExpectationsReadmeTests+Cursor.swift.
@Suite("CombineExpectations README examples")
struct CombineExpectationsReadmeTests {
    let short = Duration.milliseconds(20)

    func arrayRecorder(_ elements: [String]) async throws -> Recorder<String, Never> {
        let recorder = AsyncStream(scripted: elements).record()
        // The sequence is consumed in a task: wait for it, as the README's wait(for:) does.
        try await recorder.finished.value(timeout: .seconds(60))
        return recorder
    }

    // MARK: Usage

    @Test func passthroughSubjectSynchronouslyPublishesElements() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        #expect(try recorder.next().get() == "foo")
        recorder.receive("bar")
        #expect(try recorder.next().get() == "bar")
    }

    @Test func waitingSeveralTimesForOnePublisher() async throws {
        let recorder = AsyncStream(scripted: ["Hello", "World!"]).record()
        #expect(try await recorder.next().value(timeout: .seconds(60)) == "Hello")
        #expect(try await recorder.next().value(timeout: .seconds(60)) == "World!")
        try await recorder.finished.value(timeout: .seconds(60))
    }

    // MARK: availableElements

    @Test func timerPublishesIncreasingDates() async throws {
        let ticks = AsyncStream<Date> { continuation in
            let timer = Task {
                while !Task.isCancelled {
                    continuation.yield(Date())
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            continuation.onTermination = { _ in timer.cancel() }
        }
        let recorder = ticks.record()
        // The README waits a fixed time; under load a fixed time may see no
        // tick, so first wait (event-driven) for three of them.
        _ = try await recorder.prefix(3).value(timeout: .seconds(60))
        let dates = try await recorder.availableElements.value(timeout: .milliseconds(50))
        #expect(dates.count >= 3)
        #expect(dates.sorted() == dates)
        recorder.cancel()
    }

    @Test func availableElementsThrowsThePublisherError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive("foo")
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.availableElements.wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    // MARK: completion

    @Test func arrayPublisherCompletesWithSuccess() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        let completion = try await recorder.completion.value(timeout: .seconds(60))
        #expect(completion == .finished)
    }

    @Test func arrayPublisherSynchronouslyCompletesWithSuccess() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        #expect(try recorder.completion.get() == .finished)
    }

    @Test func completionTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.completion.wait(timeout: short) }
        #expect(error.reason == .notCompleted)
        #expect(error.summary == "not completed within 20ms: no events were recorded")
    }

    // MARK: elements

    @Test func arrayPublisherPublishesArrayElements() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        #expect(try await recorder.elements.value(timeout: .seconds(60)) == ["foo", "bar", "baz"])
    }

    @Test func arrayPublisherSynchronouslyPublishesArrayElements() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        #expect(try recorder.elements.get() == ["foo", "bar", "baz"])
    }

    @Test func elementsTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.elements.wait(timeout: short) }
        #expect(error.reason == .notCompleted)
    }

    @Test func elementsError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.elements.wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    // MARK: finished

    @Test func arrayPublisherFinishesWithoutError() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        try await recorder.finished.value(timeout: .seconds(60))
    }

    @Test func arrayPublisherSynchronouslyFinishesWithoutError() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        try recorder.finished.get()
    }

    @Test func finishedTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.finished.wait(timeout: short) }
        #expect(error.reason == .notCompleted)
    }

    @Test func finishedError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.finished.wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    @Test func passthroughSubjectDoesNotFinish() throws {
        let recorder = Recorder<String, Never>()
        try recorder.finished.inverted.wait(timeout: short)
    }

    @Test func invertedFinishedError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.finished.inverted.wait(timeout: short) }
        #expect(error.reason == .invertedFulfilled)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    // MARK: last

    @Test func arrayPublisherPublishesLastElementLast() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        #expect(try await recorder.last.value(timeout: .seconds(60)) == "baz")
    }

    @Test func arrayPublisherSynchronouslyPublishesLastElementLast() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        #expect(try recorder.last.get() == "baz")
    }

    @Test func lastTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.last.wait(timeout: short) }
        #expect(error.reason == .notCompleted)
    }

    @Test func lastError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.last.wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    // MARK: recording

    @Test func arrayPublisherRecording() async throws {
        let recorder = AsyncStream(scripted: ["foo", "bar", "baz"]).record()
        let recording = try await recorder.recording.value(timeout: .seconds(60))
        #expect(recording.output == ["foo", "bar", "baz"])
        #expect(recording.completion == .finished)
    }

    @Test func arrayPublisherSynchronousRecording() async throws {
        let recorder = try await arrayRecorder(["foo", "bar", "baz"])
        let recording = try recorder.recording.get()
        #expect(recording.output == ["foo", "bar", "baz"])
        #expect(recording.completion == .finished)
    }

    @Test func recordingTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.recording.wait(timeout: short) }
        #expect(error.reason == .notCompleted)
    }

    // MARK: single

    @Test func justPublishesExactlyOneElement() async throws {
        let recorder = AsyncStream(scripted: ["foo"]).record()
        #expect(try await recorder.single.value(timeout: .seconds(60)) == "foo")
    }

    @Test func justSynchronouslyPublishesExactlyOneElement() async throws {
        let recorder = try await arrayRecorder(["foo"])
        #expect(try recorder.single.get() == "foo")
    }

    @Test func singleTimeout() throws {
        let recorder = Recorder<String, Never>()
        let error = try #require(throws: RecordingError.self) { try recorder.single.wait(timeout: short) }
        #expect(error.reason == .notCompleted)
    }

    @Test func singleError() throws {
        let recorder = Recorder<String, MyError>()
        recorder.receive(completion: .failure(MyError()))
        let error = try #require(throws: RecordingError.self) { try recorder.single.wait(timeout: short) }
        #expect(error.reason == .streamFailed)
        #expect(error.streamError?.underlying as? MyError == MyError())
    }

    @Test func singleTooManyElementsError() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive("foo")
        recorder.receive("bar")
        recorder.receive(completion: .finished)
        let error = try #require(throws: RecordingError.self) { try recorder.single.wait(timeout: short) }
        #expect(error.reason == .tooManyElements)
    }

    @Test func singleNotEnoughElementsError() throws {
        let recorder = Recorder<String, Never>()
        recorder.receive(completion: .finished)
        let error = try #require(throws: RecordingError.self) { try recorder.single.wait(timeout: short) }
        #expect(error.reason == .notEnoughElements)
    }
}
