import Foundation
import StreamTrace
import Testing

/// `recorder.next(where:)`: the element that matters, the ones before it skipped.
@Suite struct NextWhereTests {
    func recorder(_ elements: [Int], completion: StreamCompletion<MyError>? = nil) -> Recorder<Int, MyError> {
        let recorder = Recorder<Int, MyError>(clock: ManualClock())
        for element in elements { recorder.receive(element) }
        if let completion { recorder.receive(completion: completion) }
        return recorder
    }

    @Test func passesWithTheFirstAcceptedElementAndConsumesUpToIt() throws {
        let recorder = recorder([1, 2, 3, 4])
        #expect(try recorder.next(where: { $0 > 2 }).get() == 3)
        #expect(recorder.consumedCount == 3)
        #expect(try recorder.next().get() == 4)
    }

    @Test func searchesOnlyElementsNotYetConsumed() throws {
        let recorder = recorder([5, 1, 5])
        #expect(try recorder.next().get() == 5)
        #expect(try recorder.next(where: { $0 == 5 }).get() == 5)
        #expect(recorder.consumedCount == 3)
    }

    @Test func notFoundBeforeTheStreamFinishedSaysWhatItSkippedAndConsumesNothing() throws {
        let recorder = recorder([1, 2], completion: .finished)
        let error = #expect(throws: RecordingError.self) { try recorder.next(where: { $0 > 5 }).get() }
        #expect(error?.reason == .noMatchingElement)
        #expect(
            error?.message
                == "expected an element matching the predicate before the stream finished; skipped 2 elements, the last 2"
        )
        #expect(error?.location?.index == 2)
        #expect(recorder.consumedCount == 0)
        #expect(try recorder.next().get() == 1)
    }

    @Test func aStreamErrorFailsItWithThatError() throws {
        let recorder = recorder([7], completion: .failure(MyError(code: 42)))
        #expect(throws: MyError(code: 42)) { try recorder.next(where: { $0 == 8 }).get() }
        let error = recorder.next(where: { $0 == 8 }).result().failure
        #expect(error?.reason == .streamFailed)
        #expect(
            error?.message
                == "expected an element matching the predicate, but the stream failed with MyError: MyError(code: 42); skipped 1 element: 7"
        )
        #expect(error?.streamError?.underlying as? MyError == MyError(code: 42))
    }

    @Test func theWindowEndingFirstIsATimeout() throws {
        let recorder = recorder([1])
        let error = #expect(throws: RecordingError.self) {
            try recorder.next(where: { $0 == 2 }).wait(timeout: .milliseconds(5))
        }
        #expect(error?.reason == .noMatchingElement)
        #expect(error?.message == "expected an element matching the predicate within 5ms; skipped 1 element: 1")
        #expect(recorder.consumedCount == 0)
    }

    @Test func aCancelEndsTheWindow() throws {
        let recorder = recorder([])
        recorder.cancel()
        let error = #expect(throws: RecordingError.self) { try recorder.next(where: { _ in true }).get() }
        #expect(
            error?.message
                == "expected an element matching the predicate before the subscriber cancelled; no new element arrived")
    }

    @Test func invertedPassesWhenNoAcceptedElementArrivesWhateverTheCompletion() throws {
        try recorder([1, 2]).next(where: { $0 > 2 }).inverted.get()
        try recorder([1, 2], completion: .finished).next(where: { $0 > 2 }).inverted.get()
        try recorder([1], completion: .failure(MyError())).next(where: { $0 > 2 }).inverted.get()
        let recorder = recorder([1, 2])
        try recorder.next(where: { $0 > 2 }).inverted.wait(timeout: .milliseconds(1))
        #expect(recorder.consumedCount == 0)
    }

    @Test func invertedFailsOnTheAcceptedElement() {
        let recorder = recorder([1, 3, 4])
        let error = #expect(throws: RecordingError.self) { try recorder.next(where: { $0 > 2 }).inverted.get() }
        #expect(error?.reason == .invertedFulfilled)
        #expect(error?.expectation == "next(where:).inverted")
        #expect(error?.message == "expected no element matching the predicate, but got 3")
        #expect(error?.location?.index == 1)
    }

    @Test func aWaitIsWokenByTheAcceptedElementNotBefore() async throws {
        let recorder = Recorder<String, Never>()
        let waiting = Task { try await recorder.next(where: { $0.hasPrefix("done") }).value(timeout: .seconds(60)) }
        for text in ["loading", "still loading", "done: 3 results", "more"] { recorder.receive(text) }
        #expect(try await waiting.value == "done: 3 results")
        #expect(recorder.consumedCount == 3)
    }

    @Test func aBlockingWaitIsWokenByTheAcceptedElement() throws {
        let recorder = Recorder<Int, Never>()
        let feeder = Thread {
            for i in 0..<100 { recorder.receive(i) }
        }
        feeder.start()
        #expect(try recorder.next(where: { $0 == 99 }).wait(timeout: .seconds(60)) == 99)
    }
}
