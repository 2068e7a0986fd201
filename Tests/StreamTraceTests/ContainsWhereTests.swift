import StreamTrace
import Testing

/// `recorder.contains(where:)`: an element a predicate accepts, anywhere
/// in the window, consumed ones included; and its inverted form.
@Suite struct ContainsWhereTests {
    func recorder(_ elements: [Int], completion: StreamCompletion<MyError>? = nil) -> Recorder<Int, MyError> {
        let fed = Recorder<Int, MyError>(clock: ManualClock())
        for element in elements { fed.receive(element) }
        completion.map { fed.receive(completion: $0) }
        return fed
    }

    @Test func passesWithTheFirstAcceptedElementEvenAConsumedOneAndConsumesNothing() throws {
        let recorder = recorder([5, 1, 7, 9])
        #expect(try recorder.next().get() == 5)
        #expect(try recorder.contains(where: { $0 > 4 }).get() == 5)
        #expect(try recorder.contains(where: { $0 > 6 }).get() == 7)
        #expect(recorder.consumedCount == 1)
        #expect(try recorder.next().get() == 1)
    }

    @Test func aFinishedStreamWithoutOneFailsSayingHowManyItLookedAt() throws {
        let recorder = recorder([1, 2, 3], completion: .finished)
        let error = #expect(throws: RecordingError.self) { try recorder.contains(where: { $0 > 3 }).get() }
        #expect(error?.reason == .noMatchingElement)
        #expect(error?.expectation == "contains(where:)")
        #expect(
            error?.message
                == "expected an element matching the predicate before the stream finished; none of 3 elements matched")
        #expect(error?.location?.index == 3)
    }

    @Test func aFailedStreamWithoutOneFailsWithItsError() throws {
        let recorder = recorder([1], completion: .failure(MyError(code: 3)))
        #expect(throws: MyError(code: 3)) { try recorder.contains(where: { $0 > 3 }).get() }
        let error = recorder.contains(where: { $0 > 3 }).result().failure
        #expect(error?.reason == .streamFailed)
        #expect(
            error?.message
                == "expected an element matching the predicate, but the stream failed with MyError: MyError(code: 3); "
                + "the 1 element did not match")
        #expect(error?.streamError?.underlying as? MyError == MyError(code: 3))
    }

    @Test func anOpenStreamIsPendingUntilItsWindowEnds() throws {
        let open = recorder([])
        let error = #expect(throws: RecordingError.self) {
            try open.contains(where: { $0 > 3 }).wait(timeout: .milliseconds(1))
        }
        #expect(error?.message == "expected an element matching the predicate within 1ms; no element arrived")
        let cancelled = recorder([1, 2])
        cancelled.cancel()
        let cancel = #expect(throws: RecordingError.self) { try cancelled.contains(where: { $0 > 3 }).get() }
        #expect(
            cancel?.message
                == "expected an element matching the predicate before the subscriber cancelled; none of 2 elements matched"
        )
    }

    @Test func invertedPassesWhenTheStreamCompletesWithoutOneAndFailsOnTheFirst() throws {
        #expect(throws: Never.self) {
            try recorder([1, 2], completion: .finished).contains(where: { $0 > 3 }).inverted.get()
        }
        let found = recorder([1, 5, 6])
        let error = #expect(throws: RecordingError.self) { try found.contains(where: { $0 > 3 }).inverted.get() }
        #expect(error?.reason == .invertedFulfilled)
        #expect(error?.expectation == "contains(where:).inverted")
        #expect(error?.message == "expected no element matching the predicate, but element 2 is 5")
        #expect(error?.location?.index == 1)
    }

    @Test func aWaitIsWokenByTheAcceptedElement() async throws {
        let recorder = Recorder<Int, Never>()
        let waiting = Task { try await recorder.contains(where: { $0 == 3 }).value(timeout: .seconds(60)) }
        for element in 0..<5 { recorder.receive(element) }
        #expect(try await waiting.value == 3)
    }

    @Test func aQueryIsReadAsASearchFromTheFirstElement() throws {
        let expectation = try Query("contains where == 3").expectation
        #expect(expectation.traceNeeds == .nothing)
        guard case .search(let search) = expectation.reading else {
            Issue.record("contains where is read as \(expectation.reading), not as a search")
            return
        }
        #expect(search.matcher == .equal(3) && search.accepting && !search.fromCursor)
        #expect(try Query("not contains within 2s where == 3").expectation.name == "contains(where:).inverted")
    }

    struct Screen: Equatable, Sendable {
        var isError = false
        var isEmpty = false
    }

    /// ContainsWhere.swift's example.
    @Test func theDocumentationExample() throws {
        let recorder = Recorder<Screen, Never>(clock: ManualClock())
        recorder.receive(Screen())
        recorder.receive(Screen(isError: true))
        recorder.receive(completion: .finished)
        let error = try recorder.contains(where: { $0.isError }).get()  // it showed an error
        try recorder.contains(where: { $0.isEmpty }).inverted.get()  // never an empty screen
        #expect(error == Screen(isError: true))
        #expect(recorder.consumedCount == 0)
    }
}
