#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

/// The examples of the Combine doc comments, as written, with what their
/// comments promise.
@Suite struct DocumentationCombineTests {
    /// Publisher+Record.swift.
    @Test func aRecorderWithLimitedDemandTakesElementsAsItRequestsThem() throws {
        let recorder = [1, 2, 3, 4, 5].publisher.record(initialDemand: .max(2))
        let available = try recorder.availableElements.get()  // [1, 2]
        recorder.request(.max(3))
        let elements = try recorder.elements.get()  // [1, 2, 3, 4, 5]
        #expect(available == [1, 2])
        #expect(elements == [1, 2, 3, 4, 5])
    }

    /// Publisher+Record.swift (TracedPublisher).
    @Test func aTracedPublisherPassesEventsThroughAndWritesThem() throws {
        let directory = try temporaryDirectory()
        let results = try inDirectory(directory) {
            let search = SearchViewModel(results: ["s", "sw"].publisher.eraseToAnyPublisher())
            let results = search.results
                .trace(to: try FileTraceSink(path: "search.jsonl"), name: "search")
            return results
        }
        let recorder = results.record()
        #expect(try recorder.elements.get() == ["s", "sw"])
        let trace = try Trace(contentsOf: directory + "/search.jsonl")
        #expect(trace.header.stream == "search")
        #expect(trace.elements == ["s", "sw"])
        #expect(trace.status == .finished)
    }

    /// TestScheduler.swift.
    @Test func aDelayOnATestSchedulerHappensInVirtualTime() throws {
        let scheduler = TestScheduler()
        let recorder = Just(1).delay(for: 1, scheduler: scheduler).record(clock: scheduler.clock)
        scheduler.advance(by: 1)
        let value = try recorder.single.get()  // 1, recorded at t=+1s
        #expect(value == 1)
        #expect(recorder.events.first { $0.event == .value(1) }?.nanoseconds == 1_000_000_000)
    }
}
#endif
