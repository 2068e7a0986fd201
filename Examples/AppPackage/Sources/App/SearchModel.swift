import Foundation

/// A search field's model: each keystroke cancels the pending search and
/// starts a task that waits 300 ms on `clock`, then publishes the text.
/// The app passes `ContinuousClock()`; tests pass a `TestClock`.
public final class SearchModel: Sendable {
    public let results: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let clock: any Clock<Duration>
    private let pending = PendingTask()

    public init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        (results, continuation) = AsyncStream.makeStream()
    }

    public func type(_ text: String) {
        let (clock, continuation) = (self.clock, self.continuation)
        pending.replace {
            Task {
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                continuation.yield(text)
            }
        }
    }

    public func close() {
        pending.replace { nil }
        continuation.finish()
    }
}

/// The one pending search, behind a lock.
final class PendingTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func replace(_ start: () -> Task<Void, Never>?) {
        lock.withLock {
            task?.cancel()
            task = start()
        }
    }
}
