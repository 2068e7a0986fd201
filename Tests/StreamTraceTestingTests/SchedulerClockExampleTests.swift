import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
/// TestScheduler+Clock.swift's example: a Combine debounce on a test
/// scheduler, then a task that sleeps on its clock.
@Suite struct SchedulerClockExampleTests {
    @Test func aSchedulersClockAdvancesCombineWorkAndTheTasksItStarts() async throws {
        let scheduler = TestScheduler()
        // The model debounces with `scheduler`, then fetches in a Task that
        // sleeps 100 ms on `scheduler.clock` for the network.
        let model = SearchModel(scheduler: scheduler)
        let recorder = model.results.record(clock: scheduler.clock)
        model.query.send("swift")
        await scheduler.clock.advance(by: .milliseconds(400))
        #expect(try await wait(for: recorder.next(), timeout: .seconds(5)) == ["swift"])
    }

    /// A search on a Combine pipeline: the query debounced 300 ms on the
    /// scheduler, then a fetch that sleeps 100 ms on its clock.
    final class SearchModel: @unchecked Sendable {
        let query = PassthroughSubject<String, Never>()
        let results: AsyncStream<[String]>
        private var subscription: AnyCancellable?

        init(scheduler: TestScheduler) {
            let (results, continuation) = AsyncStream<[String]>.makeStream()
            self.results = results
            let clock = scheduler.clock
            subscription = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { text in
                Task {
                    guard (try? await clock.sleep(for: .milliseconds(100))) != nil else { return }
                    continuation.yield([text])
                }
            }
        }
    }
}
#endif
