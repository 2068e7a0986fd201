import Foundation
import StreamTrace
import Testing

@Suite struct AsyncSequenceRecordingTests {
    /// Typed throws (a `ScriptedSequence` records as `Recorder<Int, Never>`).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func recordsSubscribeValuesAndFinished() async throws {
        let clock = ManualClock()
        let sink = MemoryTraceSink()
        let recorder = ScriptedSequence([1, 2]).record(name: "numbers", clock: clock, sink: sink)
        try await recorder.finished.value(timeout: .seconds(60))
        #expect(recorder.events.map(\.event) == [.subscribe, .value(1), .value(2), .finished])
        #expect(
            Array(sink.lines.dropFirst()) == [
                #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"value","value":1}"#,
                #"{"t":0,"event":"value","value":2}"#, #"{"t":0,"event":"finished"}"#,
            ])
    }

    @Test func subscribeIsRecordedAtTheCallNotWhenTheTaskRuns() async throws {
        let clock = TestClock()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = stream.record(clock: clock)
        // Before the recording task had a chance to run, and before time moves.
        #expect(recorder.events == [RecordedEvent(nanoseconds: 0, event: .subscribe)])
        await clock.advance(by: .seconds(1))
        continuation.yield(1)
        #expect(try await recorder.next().value(timeout: .seconds(60)) == 1)
        #expect(recorder.events.first == RecordedEvent(nanoseconds: 0, event: .subscribe))
        recorder.cancel()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func aThrownErrorBecomesTheFailureEvent() async throws {
        let recorder = ScriptedSequence(elements: ["a"], error: MyError(code: 3)).record()
        let failure: MyError = try await recorder.failure.value(timeout: .seconds(60))
        #expect(failure == MyError(code: 3))
        #expect(throws: MyError(code: 3)) { try recorder.elements.get() }
        let error = try #require(recorder.elements.result().failure)
        #expect(error.reason == .streamFailed)
        #expect(recorder.events.map(\.event) == [.subscribe, .value("a"), .failure(MyError(code: 3))])
    }

    @Test func cancellingTheRecorderCancelsTheConsumption() async throws {
        let terminated = Recorder<Void, Never>()
        let endless = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in terminated.receive(completion: .finished) }
            continuation.yield(1)
        }
        let recorder = endless.record()
        #expect(try await recorder.next().value(timeout: .seconds(60)) == 1)
        recorder.cancel()
        try await terminated.finished.value(timeout: .seconds(60))
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
        try await terminated.finished.value(timeout: .seconds(60))
        #expect(sink.lines.last?.hasSuffix(#""event":"cancel"}"#) == true)
    }
}

/// The typed `trace(to:)` (a `ScriptedSequence` keeps its `Failure`).
/// Swift Testing takes `@available` on tests, not on suites.
@Suite struct AsyncSequenceTracingTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func traceForwardsElementsAndWritesThem() async throws {
        let sink = MemoryTraceSink()
        let clock = ManualClock()
        var received: [Int] = []
        for await element in ScriptedSequence([1, 2, 3]).trace(to: sink, name: "numbers", clock: clock) {
            received.append(element)
            clock.advance(by: .milliseconds(1))
        }
        #expect(received == [1, 2, 3])
        #expect(
            Array(sink.lines.dropFirst()) == [
                #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"value","value":1}"#,
                #"{"t":1000000,"event":"value","value":2}"#, #"{"t":2000000,"event":"value","value":3}"#,
                #"{"t":3000000,"event":"finished"}"#,
            ])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func aThrownErrorIsWrittenAndRethrown() async throws {
        let sink = MemoryTraceSink()
        let traced = ScriptedSequence(elements: ["a"], error: MyError(code: 4)).trace(to: sink, clock: ManualClock())
        var iterator = traced.makeAsyncIterator()
        #expect(try await iterator.next() == "a")
        await #expect(throws: MyError(code: 4)) { _ = try await iterator.next() }
        #expect(try Trace(bytes: sink.bytes).status == .failed)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func stoppingEarlyWritesCancel() async throws {
        let sink = MemoryTraceSink()
        for await element in ScriptedSequence([1, 2, 3]).trace(to: sink, clock: ManualClock()) where element == 2 {
            break
        }
        let trace = try Trace(bytes: sink.bytes)
        #expect(trace.status == .cancelled)
        #expect(trace.elements == [1, 2])
    }
}
