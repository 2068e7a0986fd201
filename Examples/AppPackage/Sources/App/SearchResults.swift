import Foundation

/// What a search screen shows: each query cancels the search before it and
/// asks `api` for results; the answer of a search that was cancelled
/// meanwhile is dropped. The API answers every request, even one whose
/// caller went away (a network call that cannot be taken back), so a late
/// answer to an old query can land at the same instant as the newest one.
public final class SearchResults: Sendable {
    public typealias API = @Sendable (String) async -> [String]

    private let api: API
    private let state = PendingState()

    public init(api: @escaping API) {
        self.api = api
    }

    /// The results on screen.
    public var shown: [String] { state.shown }

    public func type(_ query: String) {
        let api = self.api
        state.replaceSearch { state in
            Task {
                let results = await api(query)
                // Without this check the last answer to land wins, not the newest query's.
                guard !Task.isCancelled else { return }
                state.show(results)
            }
        }
    }
}

/// The pending search and the results on screen, behind a lock.
final class PendingState: @unchecked Sendable {
    private let lock = NSLock()
    private var search: Task<Void, Never>?
    private var results: [String] = []

    var shown: [String] { lock.withLock { results } }

    func replaceSearch(_ start: (PendingState) -> Task<Void, Never>) {
        lock.withLock {
            search?.cancel()
            search = start(self)
        }
    }

    func show(_ results: [String]) {
        lock.withLock { self.results = results }
    }
}

/// A search API for tests and previews: it answers `query` after
/// `latency[query]` (100 ms by default) on `clock`, whether or not the
/// caller still waits, with `["QUERY results"]`.
public struct FakeSearchAPI: Sendable {
    public let clock: any Clock<Duration>
    public let latency: [String: Duration]

    public init(clock: any Clock<Duration>, latency: [String: Duration] = [:]) {
        self.clock = clock
        self.latency = latency
    }

    public func search(_ query: String) async -> [String] {
        let (clock, latency) = (self.clock, self.latency[query] ?? .milliseconds(100))
        // The request runs on its own: cancelling the caller does not cancel it.
        return await Task {
            try? await clock.sleep(for: latency)
            return ["\(query) results"]
        }.value
    }
}
