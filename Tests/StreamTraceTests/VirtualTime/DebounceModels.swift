import Foundation
import StreamTrace

/// The README's debounce pattern: each keystroke cancels the pending search
/// and starts a `Task` that sleeps 300 ms on the clock, then publishes the
/// text. The clock is an `any Clock`, as an app would inject it.
final class DebouncedSearch: Sendable {
    let results: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let clock: any Clock<Duration>
    private let pending = LockedValue<Task<Void, Never>?>(nil)

    init(clock: any Clock<Duration>) {
        self.clock = clock
        (results, continuation) = AsyncStream.makeStream()
    }

    func type(_ text: String) {
        let (clock, continuation) = (self.clock, self.continuation)
        pending.update { task in
            task?.cancel()
            task = Task {
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                continuation.yield(text)
            }
        }
    }
}

/// The same on the main actor: its tasks inherit the main actor.
@MainActor final class MainActorSearch {
    let results: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let clock: any Clock<Duration>
    private var pending: Task<Void, Never>?
    private(set) var searches = 0

    init(clock: any Clock<Duration>) {
        self.clock = clock
        (results, continuation) = AsyncStream.makeStream()
    }

    func type(_ text: String) {
        pending?.cancel()
        pending = Task {
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            searches += 1
            continuation.yield(text)
        }
    }
}

/// A value behind a lock, for test models.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func update<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&value) }
    }

    var current: Value { lock.withLock { value } }
}

/// Waits for `task` for at most `timeout` of wall-clock time: its result,
/// or `nil` if it is still running then (it is left running; a test reports
/// the hang instead of hanging).
func result<T: Sendable>(of task: Task<T, any Error>, within timeout: Duration) async -> Result<T, any Error>? {
    let outcome = LockedValue<CheckedContinuation<Result<T, any Error>?, Never>?>(nil)
    return await withCheckedContinuation { continuation in
        outcome.update { $0 = continuation }
        Task {
            let result = await task.result
            outcome.update { $0.take() }?.resume(returning: result)
        }
        let nanoseconds = Int(
            timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            outcome.update { $0.take() }?.resume(returning: nil)
        }
    }
}
