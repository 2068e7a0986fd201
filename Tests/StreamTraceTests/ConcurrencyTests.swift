import Foundation
import StreamTrace
import Testing

/// Races between producers, waiters, cancellation and release. Run under
/// ThreadSanitizer by `make test-sanitizers` and CI.
@Suite struct ConcurrencyTests {
    /// Runs `body(i)` on `count` threads at once and waits for all of them.
    func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        let group = DispatchGroup()
        for i in 0..<count {
            group.enter()
            Thread {
                body(i)
                group.leave()
            }.start()
        }
        await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
    }

    @Test func manyWaitersWithAndWithoutTimeoutsAllGetTheirVerdict() async throws {
        let recorder = Recorder<Int, Never>()
        let outcomes = Recorder<String, Never>()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<16 {
                group.addTask {
                    if i % 2 == 0 {
                        let count = (try? await recorder.prefix(1000).value(timeout: .seconds(60)))?.count ?? -1
                        outcomes.receive("prefix \(count)")
                    } else {
                        // Expires before the producers are done, or not: either verdict is fine, but there must be one.
                        let result = try? await recorder.elements.value(timeout: .milliseconds(Int64(i)))
                        outcomes.receive(result == nil ? "timed out" : "elements")
                    }
                }
            }
            group.addTask {
                await onThreads(4) { thread in
                    for value in 0..<250 { recorder.receive(thread * 1000 + value) }
                }
                recorder.receive(completion: .finished)
            }
        }
        let results = try outcomes.availableElements.get()
        #expect(results.count == 16)
        #expect(results.filter { $0 == "prefix 1000" }.count == 8)
        #expect(try recorder.elements.get().count == 1000)
    }

    @Test func blockingWaitersOnManyThreadsAreAllWoken() async throws {
        let recorder = Recorder<Int, Never>()
        let woken = Recorder<Int, Never>()
        let waiters = Task {
            await onThreads(8) { i in
                if let value = try? recorder.next().wait(timeout: .seconds(60)) { woken.receive(value) }
            }
        }
        await onThreads(8) { i in recorder.receive(i) }
        await waiters.value
        #expect(try woken.availableElements.get().sorted() == Array(0..<8))
        #expect(recorder.consumedCount == 8)
    }

    @Test func cancellationRacingCompletionEndsWithExactlyOneTerminalEvent() async throws {
        for _ in 0..<200 {
            let recorder = Recorder<Int, Never>()
            let waiting = Task { try? await recorder.completion.value(timeout: .seconds(60)) }
            await onThreads(3) { i in
                switch i {
                case 0: recorder.receive(completion: .finished)
                case 1: recorder.cancel()
                default: recorder.receive(1)
                }
            }
            _ = await waiting.value
            let terminals = recorder.events.filter(\.event.isTerminal)
            #expect(terminals.count == 1)
        }
    }

    @Test func releasingAStreamWhileWaitingEndsTheWait() async throws {
        let terminated = Recorder<Void, Never>()
        var waiting: Task<Void, Never>?
        do {
            let endless = AsyncStream<Int> { continuation in
                continuation.onTermination = { _ in terminated.receive(completion: .finished) }
            }
            let recorder = endless.record()
            waiting = Task { [recorder] in
                let error = await { () async -> RecordingError? in
                    do {
                        _ = try await recorder.elements.value(timeout: .seconds(60))
                        return nil
                    } catch {
                        return error as? RecordingError
                    }
                }()
                #expect(error?.reason == .notCompleted)
            }
            // Release while the wait is suspended, not before it starts.
            let deadline = ContinuousClock.now + .seconds(60)
            while recorder.waiterCount == 0, ContinuousClock.now < deadline { await Task.yield() }
            #expect(recorder.waiterCount == 1)
            recorder.cancel()
        }
        await waiting?.value
        try await terminated.finished.value(timeout: .seconds(60))  // bounds a failure only
    }

    @Test func waitsOnAReleasedRecorderStillEnd() async throws {
        var expectation: RecorderExpectation<[Int]>?
        do {
            let recorder = Recorder<Int, Never>()
            recorder.receive(1)
            expectation = recorder.elements
        }
        // The expectation keeps its recorder alive: the wait times out cleanly.
        await #expect(throws: RecordingError.self) { _ = try await expectation!.value(timeout: .milliseconds(5)) }
    }
}
