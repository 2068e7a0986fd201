import App
import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// A same-instant race, found by exploring schedules: "sw" is asked at 0 ms
/// and answered in 300 ms, "swift" at 100 ms in 200 ms. Both answers land at
/// 300 ms; which wakes first is the schedule's. `SearchResults` drops the
/// cancelled search's answer, so the newest query wins under every
/// schedule; the same model without that check (below) loses under some.
@Suite struct SearchResultsTests {
    static let latency: [String: Duration] = ["sw": .milliseconds(300), "swift": .milliseconds(200)]

    @Test(.exploringSchedules(100)) func theNewestQueryWinsUnderEverySchedule() async {
        let clock = TestClock()  // in order, then seeds 0..<100
        let api = FakeSearchAPI(clock: clock, latency: Self.latency)
        let search = SearchResults(api: api.search)
        search.type("sw")
        await clock.advance(by: .milliseconds(100))
        search.type("swift")  // both answers land at 300 ms
        await clock.advance(by: .seconds(1))
        #expect(search.shown == ["swift results"])
    }

    /// What the version without the check shows, under `schedule`.
    static func shownWithoutTheCheck(under schedule: TestClock.Schedule) async -> [String] {
        let clock = TestClock(schedule: schedule)
        let search = UncheckedSearchResults(api: FakeSearchAPI(clock: clock, latency: latency).search)
        search.type("sw")
        await clock.advance(by: .milliseconds(100))
        search.type("swift")
        await clock.advance(by: .seconds(1))
        return search.shown
    }

    @Test func withoutTheCheckTheDefaultScheduleStillShowsTheNewestInEveryRun() async {
        for run in 1...1_000 {
            let shown = await Self.shownWithoutTheCheck(under: .inOrder)
            #expect(shown == ["swift results"], "run \(run)")
            if shown != ["swift results"] { break }
        }
    }

    @Test func withoutTheCheckSomeSeedOfTheFirstHundredShowsTheOldAnswer() async {
        var losing: [UInt64] = []
        for seed in UInt64(0)..<100 where await Self.shownWithoutTheCheck(under: .random(seed: seed)) == ["sw results"]
        {
            losing.append(seed)
        }
        #expect(!losing.isEmpty)
        // Each losing seed replays: the same schedule, the same answer on screen.
        for seed in losing.prefix(3) {
            #expect(await Self.shownWithoutTheCheck(under: .random(seed: seed)) == ["sw results"])
        }
    }
}

/// `SearchResults` as it was before the fix: it shows whatever answer comes
/// back last.
final class UncheckedSearchResults: @unchecked Sendable {
    private let api: SearchResults.API
    private let lock = NSLock()
    private var search: Task<Void, Never>?
    private var results: [String] = []

    init(api: @escaping SearchResults.API) {
        self.api = api
    }

    var shown: [String] { lock.withLock { results } }

    func type(_ query: String) {
        let api = self.api
        lock.withLock {
            search?.cancel()
            search = Task {
                let answer = await api(query)
                self.lock.withLock { self.results = answer }
            }
        }
    }
}
