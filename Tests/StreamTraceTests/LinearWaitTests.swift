import Foundation
import StreamTrace
import Testing

/// A live wait reads each element once: a wait in progress while n
/// elements arrive one at a time calls its predicate at most 2n times, not
/// once per element per event (n²/2), and decides as `get()` would.
@Suite struct LinearWaitTests {
    static let count = 10_000

    /// Counts a predicate's calls, from any thread.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        var count: Int { lock.withLock { value } }

        func increment() { lock.withLock { value += 1 } }

        /// `predicate`, counting its calls.
        func counting(_ predicate: @escaping @Sendable (Int) -> Bool) -> @Sendable (Int) -> Bool {
            { element in
                self.increment()
                return predicate(element)
            }
        }
    }

    /// An element whose `==` counts its calls.
    struct Counted: Equatable, Sendable {
        let value: Int
        let calls: Calls

        static func == (lhs: Counted, rhs: Counted) -> Bool {
            lhs.calls.increment()
            return lhs.value == rhs.value
        }
    }

    @Test func aLiveEveryWaitCallsItsPredicateAtMostTwicePerElement() async throws {
        let calls = Calls()
        let recorder = Recorder<Int, Never>()
        let wait = Task {
            try await recorder.every(where: calls.counting { $0 >= 0 }).value(timeout: .seconds(60))
        }
        try await until { recorder.waiterCount == 1 }
        for element in 0..<Self.count { recorder.receive(element) }
        recorder.receive(completion: .finished)
        #expect(try await wait.value == Self.count)
        #expect(calls.count >= Self.count && calls.count <= 2 * Self.count, "\(calls.count) predicate calls")
    }

    @Test func aLiveNextWhereWaitCallsItsPredicateAtMostTwicePerElement() async throws {
        let calls = Calls()
        let recorder = Recorder<Int, Never>()
        let last = Self.count - 1
        let wait = Task {
            try await recorder.next(where: calls.counting { $0 == last }).value(timeout: .seconds(60))
        }
        try await until { recorder.waiterCount == 1 }
        for element in 0..<Self.count { recorder.receive(element) }
        #expect(try await wait.value == last)
        #expect(calls.count >= Self.count && calls.count <= 2 * Self.count, "\(calls.count) predicate calls")
        #expect(throws: Never.self) { try recorder.next().inverted.get() }
    }

    @Test func aLiveEveryWaitFailsAtTheRejectedElementAsGetDoes() async throws {
        let recorder = Recorder<Int, Never>()
        let wait = Task { try await recorder.every(where: { $0 != 5_000 }).value(timeout: .seconds(60)) }
        try await until { recorder.waiterCount == 1 }
        for element in 0..<Self.count { recorder.receive(element) }
        let error = await #expect(throws: RecordingError.self) { try await wait.value }
        #expect(error?.message == "expected every element matching the predicate, but element 5001 is 5000")
        let now = #expect(throws: RecordingError.self) { try recorder.every(where: { $0 != 5_000 }).get() }
        #expect(error?.message == now?.message)
        #expect(error?.location == now?.location)
    }

    /// Compares each element once while it waits, and all of them once more
    /// when the completion decides it.
    @Test func aLiveShapeWaitComparesEachElementAtMostTwice() async throws {
        let calls = Calls()
        let elements = (0..<Self.count).map { Counted(value: $0, calls: calls) }
        let recorder = Recorder<Counted, Never>()
        let shape = elements.map { ExpectedEvent<Counted, Never>.value($0) } + [.finished]
        let wait = Task { try await recorder.shape(equal: shape).value(timeout: .seconds(60)) }
        try await until { recorder.waiterCount == 1 }
        for element in elements { recorder.receive(element) }
        recorder.receive(completion: .finished)
        try await wait.value
        #expect(calls.count >= Self.count && calls.count <= 2 * Self.count, "\(calls.count) comparisons")
    }

    @Test func aLiveShapeWaitFailsAtTheFirstDifferenceAsGetDoes() async throws {
        let recorder = Recorder<Int, Never>()
        let shape = (0..<Self.count).map { ExpectedEvent<Int, Never>.value($0) }
        let wait = Task { try await recorder.shape(equal: shape).value(timeout: .seconds(60)) }
        try await until { recorder.waiterCount == 1 }
        // Up to the difference: `get()` then reads what the wait read.
        for element in 0...5_000 { recorder.receive(element == 5_000 ? -1 : element) }
        let error = await #expect(throws: RecordingError.self) { try await wait.value }
        #expect(error?.message == "expected #5001 to be value 5000, got value -1")
        let now = #expect(throws: RecordingError.self) { try recorder.shape(equal: shape).get() }
        #expect(error?.message == now?.message)
        #expect(error?.details == now?.details)
    }

    /// The first wait consumes element 3 on the event that brings it to the
    /// second, which had read up to element 2: the second resumes after the
    /// cursor, not after what it had read.
    @Test func aLiveNextWhereWaitResumesAfterElementsAnotherWaitConsumed() async throws {
        let recorder = Recorder<Int, Never>()
        let first = Task { try await recorder.next(where: { $0 == 3 }).value(timeout: .seconds(60)) }
        try await until { recorder.waiterCount == 1 }
        let second = Task { try await recorder.next(where: { $0 == 3 || $0 == 4 }).value(timeout: .seconds(60)) }
        try await until { recorder.waiterCount == 2 }
        for element in 0..<5 { recorder.receive(element) }
        #expect(try await first.value == 3)
        #expect(try await second.value == 4)
    }
}
