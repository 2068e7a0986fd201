import Foundation
import StreamTrace
import Testing

@Suite struct WaitingTests {
    /// A deadline far enough that reaching it means the wait was not woken.
    /// A wait woken by its event returns before it — well before, unless
    /// the machine stalls; the checks allow any stall short of it.
    let long = Duration.seconds(60)

    func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        try body()
        return ContinuousClock.now - start
    }

    @Test func aDecidedExpectationReturnsWithoutWaiting() throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(completion: .finished)
        var elements: [Int] = []
        let time = try elapsed { elements = try recorder.elements.wait(timeout: long) }
        #expect(elements == [1])
        #expect(time < long)
    }

    @Test func aBlockingWaitIsWokenByTheEventThatDecidesIt() throws {
        let recorder = Recorder<String, Never>()
        onAnotherThread(after: 0.01) {
            recorder.receive("a")
            recorder.receive("b")
        }
        var elements: [String] = []
        let time = try elapsed { elements = try recorder.next(2).wait(timeout: long) }
        #expect(elements == ["a", "b"])
        #expect(time < long)
    }

    @Test func anAsyncWaitIsWokenByTheEventThatDecidesIt() async throws {
        let recorder = Recorder<String, Never>()
        onAnotherThread(after: 0.01) { recorder.receive(completion: .finished) }
        let start = ContinuousClock.now
        try await recorder.finished.value(timeout: long)
        #expect(ContinuousClock.now - start < long)
    }

    @Test func anAsyncWaitTimesOutWithTheFinalVerdict() async throws {
        let recorder = Recorder<String, Never>(clock: ManualClock())
        recorder.receive("a")
        let error = try await #require(throws: RecordingError.self) {
            try await recorder.next(2).value(timeout: .milliseconds(10))
        }
        #expect(
            error.description
                == #"next(2): expected 2 more elements, got 1 within 10ms (event 1, t=+0ns); recent: a-  a = "a""#)
        #expect(try await recorder.prefix(2).inverted.value(timeout: .milliseconds(10)) == ["a"])
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
        let recorder = Recorder<String, Never>()
        let task = Task { () throws -> [String] in
            try await recorder.elements.value(timeout: .seconds(60))
        }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(
            (error as? RecordingError)?.description
                == "elements: not completed before the wait was cancelled: no events were recorded; recent: -"
        )
    }

    @Test func concurrentNextWaitsEachConsumeTheirOwnElement() async throws {
        let recorder = Recorder<Int, Never>()
        async let a = recorder.next().value(timeout: long)
        async let b = recorder.next().value(timeout: long)
        async let c = recorder.next().value(timeout: long)
        onAnotherThread(after: 0.01) { for i in 1...3 { recorder.receive(i) } }
        let values = try await [a, b, c]
        #expect(values.sorted() == [1, 2, 3])
        #expect(recorder.consumedCount == 3)
    }

    @Test func cancellingTheRecordingEndsWaitsInProgress() throws {
        let recorder = Recorder<Int, Never>(clock: ManualClock())
        onAnotherThread(after: 0.01) { recorder.cancel() }
        let error = try #require(throws: RecordingError.self) {
            try recorder.elements.wait(timeout: long)
        }
        #expect(error.description == "elements: not completed: the subscriber cancelled (event 1, t=+0ns); recent: !")
    }
}
