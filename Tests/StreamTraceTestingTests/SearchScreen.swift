import Foundation
import StreamTrace

/// A search whose late result can overwrite the newest one: each query
/// cancels the search before it and sends a request, which the server
/// answers after `latency` whether or not anyone still waits (the request
/// runs in a task of its own, as a network call does). The model shows the
/// result it gets — without checking that its search was not cancelled
/// meanwhile, unless `checksCancellation`. When the results of "sw" (asked
/// at 0 ms, 300 ms to answer) and "swift" (asked at 100 ms, 200 ms to
/// answer) land at the same instant, the order of the two wake-ups decides
/// what the user sees.
final class SearchScreen: @unchecked Sendable {
    let results: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let clock: TestClock
    private let checksCancellation: Bool
    private let lock = NSLock()
    private var pending: Task<Void, Never>?
    private var current: String?

    init(clock: TestClock, checksCancellation: Bool = false) {
        self.clock = clock
        self.checksCancellation = checksCancellation
        (results, continuation) = AsyncStream.makeStream()
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
                self.show(result)
            }
        }
    }

    private func show(_ result: String) {
        lock.withLock { current = result }
        continuation.yield(result)
    }

    /// The scenario: "sw", then "swift" 100 ms later, both answered at 300 ms.
    static func run(on clock: TestClock, checksCancellation: Bool = false) async -> SearchScreen {
        let search = SearchScreen(clock: clock, checksCancellation: checksCancellation)
        search.type("sw", latency: .milliseconds(300))
        await clock.advance(by: .milliseconds(100))
        search.type("swift", latency: .milliseconds(200))
        await clock.advance(by: .seconds(1))
        return search
    }
}
