import Foundation
import StreamTrace

/// An expectation that counts how often the engine evaluates it and
/// signals its first evaluation, so that a test can tell, without timing
/// anything, whether a wait was decided by an event or by polling.
///
/// A wait evaluates it once when it starts, then on each event its wake
/// condition lets through (every event, or only completions); `finished`
/// decides it.
struct CountingExpectation<Element, Failure: Error>: StreamExpectation {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        /// Signalled at the first evaluation: the wait has started.
        let started = DispatchSemaphore(value: 0)

        var count: Int { lock.withLock { value } }

        func increment() {
            let first = lock.withLock {
                value += 1
                return value == 1
            }
            if first { started.signal() }
        }
    }

    let counter = Counter()
    var wakeCondition: WakeCondition = .everyEvent
    var name: String { "counting" }

    func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
        counter.increment()
        return StreamExpectations.Finished<Element, Failure>().evaluate(in: window)
    }
}

extension Recorder {
    /// `finished`, counting its evaluations.
    func countingFinished(wakeCondition: WakeCondition = .everyEvent) -> RecorderExpectation<Void> {
        RecorderExpectation(
            BoundExpectation(recorder: self, expectation: CountingExpectation(wakeCondition: wakeCondition)))
    }
}
