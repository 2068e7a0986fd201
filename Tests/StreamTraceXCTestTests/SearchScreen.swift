import Foundation
import StreamTrace

/// The search of StreamTraceTestingTests' `SearchScreen`, for the XCTest
/// example (test targets share no code): a request that the server answers
/// after `latency` whether or not its search was cancelled, and a screen
/// that shows what comes back, unless `checksCancellation` and it was.
final class SearchScreen: @unchecked Sendable {
    private let clock: TestClock
    private let checksCancellation: Bool
    private let lock = NSLock()
    private var pending: Task<Void, Never>?
    private var current: String?

    init(clock: TestClock, checksCancellation: Bool = false) {
        self.clock = clock
        self.checksCancellation = checksCancellation
    }

    /// What the screen shows.
    var shown: String? { lock.withLock { current } }

    func type(_ query: String, latency: Duration) {
        let (clock, checksCancellation) = (self.clock, self.checksCancellation)
        lock.withLock {
            pending?.cancel()
            pending = Task {
                let request = Task {
                    try? await clock.sleep(for: latency)
                    return "\(query) results"
                }
                let result = await request.value
                if checksCancellation, Task.isCancelled { return }
                self.lock.withLock { self.current = result }
            }
        }
    }
}
