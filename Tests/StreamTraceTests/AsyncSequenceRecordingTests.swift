import Foundation
import StreamTrace
import Testing

@Suite struct AsyncSequenceRecordingTests {
    @Test func recordsSubscribeValuesAndFinished() async throws {
        let clock = ManualClock()
        let sink = MemoryTraceSink()
        let recorder = ScriptedSequence([1, 2]).record(name: "numbers", clock: clock, sink: sink)
        try await recorder.finished.value(timeout: 5)
        #expect(recorder.events.map(\.event) == [.subscribe, .value(1), .value(2), .finished])
        #expect(Array(sink.lines.dropFirst()) == [
            #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"value","value":1}"#,
            #"{"t":0,"event":"value","value":2}"#, #"{"t":0,"event":"finished"}"#,
        ])
    }

    @Test func aThrownErrorBecomesTheFailureEvent() async throws {
        let recorder = ScriptedSequence(elements: ["a"], error: MyError(code: 3)).record()
        let failure: MyError = try await recorder.failure.value(timeout: 5)
        #expect(failure == MyError(code: 3))
        let error = try #require(throws: RecordingError.self) { try recorder.elements.get() }
        #expect(error.reason == .failed)
        #expect(recorder.events.map(\.event) == [.subscribe, .value("a"), .failure(MyError(code: 3))])
    }

    @Test func cancellingTheRecorderCancelsTheConsumption() async throws {
        let terminated = Recorder<Void, Never>()
        let endless = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in terminated.receive(completion: .finished) }
            continuation.yield(1)
        }
        let recorder = endless.record()
        #expect(try await recorder.next().value(timeout: 5) == 1)
        recorder.cancel()
        try await terminated.finished.value(timeout: 5)
        #expect(recorder.events.map(\.event.kind) == [.subscribe, .value, .cancel])
    }

    @Test func releasingTheRecorderCancelsTheConsumption() async throws {
        let terminated = Recorder<Void, Never>()
        let sink = MemoryTraceSink()
        do {
            let endless = AsyncStream<Int> { continuation in
                continuation.onTermination = { _ in terminated.receive(completion: .finished) }
            }
            let recorder = endless.record(sink: sink)
            _ = try await recorder.availableElements.value(timeout: .milliseconds(10))
        }
        try await terminated.finished.value(timeout: 5)
        #expect(sink.lines.last?.hasSuffix(#""event":"cancel"}"#) == true)
    }
}
