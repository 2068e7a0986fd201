import Foundation
import StreamTrace
import Testing

/// `recorder.every(where:)`: every element a predicate accepts, in a stream
/// that finishes; each row of the table in docs/queries.md.
@Suite struct EveryTests {
    /// A recorder fed `elements`, then `completion` if any.
    func recorder(_ elements: [Int], completion: StreamCompletion<MyError>? = nil) -> Recorder<Int, MyError> {
        let fed = Recorder<Int, MyError>(clock: ManualClock())
        for element in elements { fed.receive(element) }
        completion.map { fed.receive(completion: $0) }
        return fed
    }

    @Test func aFinishedStreamWhoseElementsAllMatchPassesWithTheirNumber() throws {
        #expect(try recorder([1, 2, 3], completion: .finished).every(where: { $0 > 0 }).get() == 3)
        #expect(try recorder([], completion: .finished).every(where: { $0 > 0 }).get() == 0)
    }

    @Test func anElementThatDoesNotMatchFailsItAtThatElementBeforeAnyCompletion() throws {
        let recorder = recorder([1, -2, 3])
        let error = #expect(throws: RecordingError.self) { try recorder.every(where: { $0 > 0 }).get() }
        #expect(error?.reason == .elementDidNotMatch)
        #expect(error?.expectation == "every(where:)")
        #expect(error?.message == "expected every element matching the predicate, but element 2 is -2")
        #expect(error?.location?.index == 1)
    }

    @Test func aStreamThatFailedAfterMatchingElementsFailsWithItsError() throws {
        let recorder = recorder([1, 2], completion: .failure(MyError(code: 7)))
        #expect(throws: MyError(code: 7)) { try recorder.every(where: { $0 > 0 }).get() }
        let error = recorder.every(where: { $0 > 0 }).result().failure
        #expect(error?.reason == .streamFailed)
        #expect(
            error?.message == "expected the stream to finish, but the stream failed with MyError: MyError(code: 7)")
        #expect(error?.streamError?.underlying as? MyError == MyError(code: 7))
    }

    @Test func anOpenOrCancelledStreamFailsAsElementsDoes() throws {
        let open = recorder([1, 2])
        let error = #expect(throws: RecordingError.self) { try open.every(where: { $0 > 0 }).get() }
        let elements = #expect(throws: RecordingError.self) { try open.elements.get() }
        #expect(error?.reason == .notCompleted)
        #expect(error?.message == elements?.message)
        #expect(error?.message == "not completed: last event is value")
        let cancelled = recorder([1])
        cancelled.cancel()
        let cancel = #expect(throws: RecordingError.self) { try cancelled.every(where: { $0 > 0 }).get() }
        #expect(cancel?.message == "not completed: the subscriber cancelled")
        let timeout = #expect(throws: RecordingError.self) {
            try open.every(where: { $0 > 0 }).wait(timeout: .milliseconds(1))
        }
        #expect(timeout?.message == "not completed within 1ms: last event is value")
    }

    @Test func itReadsConsumedElementsTooAndConsumesNone() throws {
        let recorder = recorder([-1, 2], completion: .finished)
        #expect(try recorder.next().get() == -1)
        let error = #expect(throws: RecordingError.self) { try recorder.every(where: { $0 > 0 }).get() }
        #expect(error?.location?.index == 0)
        #expect(try recorder.every(where: { $0 != 0 }).get() == 2)
        #expect(recorder.consumedCount == 1)
        #expect(try recorder.next().get() == 2)
    }

    @Test func aWaitIsDecidedByTheFirstElementThatDoesNotMatch() async throws {
        let recorder = Recorder<Int, Never>()
        let waiting = Task { try await recorder.every(where: { $0 < 3 }).value(timeout: .seconds(60)) }
        for element in 0..<10 { recorder.receive(element) }
        let error = await #expect(throws: RecordingError.self) { try await waiting.value }
        #expect(error?.message == "expected every element matching the predicate, but element 4 is 3")
    }

    @Test func aWaitIsDecidedByTheCompletion() async throws {
        let recorder = Recorder<Int, Never>()
        let waiting = Task { try await recorder.every(where: { $0 >= 0 }).value(timeout: .seconds(60)) }
        for element in 0..<5 { recorder.receive(element) }
        recorder.receive(completion: .finished)
        #expect(try await waiting.value == 5)
    }

    @Test func checkingATraceSearchesForTheFirstRejectedElementAndKeepsOnlyIt() throws {
        let expectation = try Query("every where > 0").expectation
        #expect(expectation.traceNeeds == .nothing)
        guard case .search(let search) = expectation.reading else {
            Issue.record("every where is read as \(expectation.reading), not as a search")
            return
        }
        #expect(search.matcher == .greater(JSONNumber(0)) && !search.accepting && !search.fromCursor)
        #expect(try Query("every within 2s where > 0").expectationName == "every")
    }

    struct Reading: Sendable {
        var isValid: Bool
    }

    /// Every.swift's example.
    @Test func theDocumentationExample() async throws {
        let recorder = Recorder<Reading, Never>()
        recorder.receive(Reading(isValid: true))
        recorder.receive(completion: .finished)
        let count = try await recorder.every(where: { $0.isValid }).value(timeout: .seconds(1))
        #expect(count == 1)
    }
}
