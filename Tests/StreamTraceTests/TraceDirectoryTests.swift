import Foundation
import StreamTrace
import Testing

/// `TraceDirectory`: its folder made as `mkdir -p` makes it, and
/// AsyncSequences recorded and traced into it on every OS version: an
/// `AsyncStream` as `Never`, any sequence as `any Error` where the context
/// asks for it (before macOS 15 it is the only overload).
@Suite struct TraceDirectoryTests {
    @Test func missingParentFoldersAreMadeAndAFileInTheWayIsAnError() throws {
        let root = try temporaryDirectory()
        let traces = try TraceDirectory(path: root + "/a/b/c/", clock: TestClock())
        _ = try traces.sink(named: "s")
        #expect(FileManager.default.fileExists(atPath: root + "/a/b/c/s.jsonl"))
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
        #expect(
            throws: FileTraceSink.OpenError(
                path: root + "/file/traces", reason: "cannot create the folder: Not a directory")
        ) {
            try TraceDirectory(path: root + "/file/traces", clock: TestClock())
        }
    }

    /// The README's "Several streams, one clock".
    @Test func theReadmesFolderOfTracesLinesUpOnOneClock() async throws {
        let folder = try temporaryDirectory()
        let (cartUpdates, cartInput) = AsyncStream.makeStream(of: Int.self)
        let (paymentStates, paymentInput) = AsyncStream.makeStream(of: String.self)

        let clock = TestClock()
        let traces = try TraceDirectory(path: folder, clock: clock)
        let cart = cartUpdates.record(name: "cart", clock: traces.clock, sink: try traces.sink(named: "cart"))
        let payment = paymentStates.record(
            name: "payment", clock: traces.clock, sink: try traces.sink(named: "payment"))

        cartInput.yield(2)
        cartInput.finish()
        _ = try await cart.finished.value(timeout: .seconds(60))
        await clock.advance(by: .milliseconds(250))
        paymentInput.yield("authorized")
        paymentInput.finish()
        _ = try await payment.finished.value(timeout: .seconds(60))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["cart.jsonl", "payment.jsonl"])
        #expect(try Trace(contentsOf: folder + "/cart.jsonl").header.at == 0)
        #expect(try Trace(contentsOf: folder + "/payment.jsonl").header.at == 0)
    }

    @Test func anAsyncStreamRecordedInAFolderIsANeverFailingRecorderWithItsOwnFile() async throws {
        let folder = try temporaryDirectory()
        let traces = try TraceDirectory(path: folder, clock: TestClock())
        let recorder: Recorder<Int, Never> = AsyncStream { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
        }.record(name: "numbers", clock: traces.clock, sink: try traces.sink(named: "numbers"))
        #expect(try await recorder.elements.value(timeout: .seconds(60)) == [1, 2])
        let trace = try Trace(contentsOf: folder + "/numbers.jsonl")
        #expect(trace.header.stream == "numbers")
        #expect(trace.header.at == 0)
        #expect(trace.events.map(\.event.kind) == [.subscribe, .value, .value, .finished])
    }

    @Test func anySequenceCanBeRecordedAndTracedInAFolderWithUntypedErrors() async throws {
        struct Broken: Error {}
        let folder = try temporaryDirectory()
        let traces = try TraceDirectory(path: folder, clock: TestClock())
        let failing = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(7)
            continuation.finish(throwing: Broken())
        }
        let recorder: Recorder<Int, any Error> = failing.record(
            name: "failing", clock: traces.clock, sink: try traces.sink(named: "failing"))
        #expect(try await recorder.recording.value(timeout: .seconds(60)).output == [7])
        let traced: UntypedTracedAsyncSequence<AsyncStream<Int>> = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.finish()
        }.trace(to: try traces.sink(named: "traced"), name: "traced", clock: traces.clock)
        for try await _ in traced {}
        #expect(try Trace(contentsOf: folder + "/failing.jsonl").events.last?.event.kind == .failure)
        #expect(
            try Trace(contentsOf: folder + "/traced.jsonl").events.map(\.event.kind) == [.subscribe, .value, .finished])
    }
}
