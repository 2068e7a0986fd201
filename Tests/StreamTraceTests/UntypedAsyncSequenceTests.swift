import Foundation
import StreamTrace
import Testing

/// The overloads that work before typed throws (macOS 13–14, iOS 16–17,
/// tvOS 16–17, watchOS 9–10): `Recorder<Element, any Error>` and
/// `UntypedTracedAsyncSequence` for any sequence, `Never` for `AsyncStream`.
/// On Linux the typed overloads win, so these tests ask for `any Error`
/// through the declared type.
@Suite struct UntypedAsyncSequenceRecordingTests {
    @Test func theAnyErrorOverloadRecordsSubscribeValuesAndFinished() async throws {
        let clock = ManualClock()
        let sink = MemoryTraceSink()
        let recorder: Recorder<Int, any Error> = ScriptedSequence([1, 2]).record(
            name: "numbers", clock: clock, sink: sink)
        try await recorder.finished.value(timeout: .seconds(60))
        #expect(recorder.events.map(\.event.kind) == [.subscribe, .value, .value, .finished])
        #expect(
            Array(sink.lines.dropFirst()) == [
                #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"value","value":1}"#,
                #"{"t":0,"event":"value","value":2}"#, #"{"t":0,"event":"finished"}"#,
            ])
    }

    @Test func theAnyErrorOverloadRecordsTheThrownErrorAsTheFailure() async throws {
        let recorder: Recorder<String, any Error> = ScriptedSequence(elements: ["a"], error: MyError(code: 3))
            .record()
        let failure = try await recorder.failure.value(timeout: .seconds(60))
        #expect(failure as? MyError == MyError(code: 3))
        #expect(recorder.events.map(\.event.kind) == [.subscribe, .value, .failure])
    }

    @Test func cancellingAnAnyErrorRecorderCancelsTheConsumption() async throws {
        let terminated = Recorder<Void, Never>()
        let endless = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in terminated.receive(completion: .finished) }
            continuation.yield(1)
        }
        let recorder: Recorder<Int, any Error> = endless.map { $0 }.record()
        #expect(try await recorder.next().value(timeout: .seconds(60)) == 1)
        recorder.cancel()
        try await terminated.finished.value(timeout: .seconds(60))
        #expect(recorder.events.map(\.event.kind) == [.subscribe, .value, .cancel])
    }

    @Test func anAsyncStreamIsRecordedAsNeverOnEveryVersion() async throws {
        let recorder = AsyncStream(scripted: [1, 2]).record(clock: ManualClock())
        #expect(type(of: recorder) == Recorder<Int, Never>.self)
        #expect(try await recorder.elements.value(timeout: .seconds(60)) == [1, 2])
    }

    @Test func typedThrowsChooseTheTypedOverloadAndTheDeclaredMinimumTheAnyErrorOne() async throws {
        let sequence = ScriptedSequence(elements: ["a"], error: MyError(code: 3))
        let unguarded = sequence.record()
        #if canImport(Darwin)
        // The package's minimum (macOS 13, iOS 16) predates typed throws.
        #expect(type(of: unguarded) == Recorder<String, any Error>.self)
        #else
        #expect(type(of: unguarded) == Recorder<String, MyError>.self)
        #endif
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            let typed = sequence.record()
            #expect(type(of: typed) == Recorder<String, MyError>.self)
            _ = try await typed.failure.value(timeout: .seconds(60))
        }
        _ = try await unguarded.failure.value(timeout: .seconds(60))
    }

    /// AsyncSequence+RecordUntyped.swift.
    @Test func aSequenceRecordedWithAnyErrorHasItsElements() async throws {
        let numbers = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.finish()
        }
        let recorder: Recorder<Int, any Error> = numbers.map { $0 * 10 }.record()
        let elements = try await recorder.elements.value(timeout: .seconds(60))  // [10]
        #expect(elements == [10])
    }
}

@Suite struct UntypedAsyncSequenceTracingTests {
    @Test func theAnyErrorTraceForwardsElementsWritesTheErrorAndRethrowsIt() async throws {
        let sink = MemoryTraceSink()
        let traced: UntypedTracedAsyncSequence = ScriptedSequence(elements: ["a"], error: MyError(code: 4))
            .trace(to: sink, name: "letters", clock: ManualClock())
        var iterator = traced.makeAsyncIterator()
        #expect(try await iterator.next() == "a")
        await #expect(throws: MyError(code: 4)) { _ = try await iterator.next() }
        let trace = try Trace(bytes: sink.bytes)
        #expect(trace.status == .failed)
        #expect(trace.header.stream == "letters")
        #expect(trace.elements == ["a"])
    }

    @Test func theAnyErrorTraceWritesCancelWhenStoppedEarly() async throws {
        let sink = MemoryTraceSink()
        let traced: UntypedTracedAsyncSequence = ScriptedSequence([1, 2, 3]).trace(to: sink)
        for try await element in traced where element == 2 { break }
        let trace = try Trace(bytes: sink.bytes)
        #expect(trace.status == .cancelled)
        #expect(trace.elements == [1, 2])
    }

    @Test func anAsyncStreamIsTracedWithoutThrowingOnEveryVersion() async throws {
        let sink = MemoryTraceSink()
        let clock = ManualClock()
        let traced = AsyncStream(scripted: [1, 2]).trace(to: sink, name: "numbers", clock: clock)
        #expect(type(of: traced) == TracedAsyncStream<Int>.self)
        var received: [Int] = []
        for await element in traced {
            received.append(element)
            clock.advance(by: .milliseconds(1))
        }
        #expect(received == [1, 2])
        #expect(
            Array(sink.lines.dropFirst()) == [
                #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"value","value":1}"#,
                #"{"t":1000000,"event":"value","value":2}"#, #"{"t":2000000,"event":"finished"}"#,
            ])
    }

    @Test func onlyTheFirstIterationOfATracedStreamIsWritten() async throws {
        let sink = MemoryTraceSink()
        let traced = AsyncStream(scripted: [1]).trace(to: sink)
        for await _ in traced {}
        let lines = sink.lines
        for await _ in traced {}
        #expect(sink.lines == lines)
    }
}
