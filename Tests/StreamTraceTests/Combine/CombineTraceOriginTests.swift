#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

/// A traced publisher's clock starts at its subscription, and a test
/// scheduler's reading is the header's `at`.
@Suite struct CombineTraceOriginTests {
    @Test func aTracedPublisherStartsItsTraceWhenTheSubscriptionArrives() async throws {
        let scheduler = TestScheduler()
        let sink = MemoryTraceSink()
        let subject = PassthroughSubject<Int, Never>()
        let traced = subject.trace(to: sink, name: "numbers", clock: scheduler.clock)
        await scheduler.clock.advance(by: .seconds(2))  // set up long before the subscription
        #expect(sink.lines.isEmpty)
        var received: [Int] = []
        let cancellable = traced.sink { received.append($0) }
        await scheduler.clock.advance(by: .milliseconds(5))
        subject.send(1)
        subject.send(completion: .finished)
        #expect(received == [1])
        #expect(
            sink.lines == [
                #"{"streamtrace":1,"stream":"numbers","clock":"virtual","at":2000000000}"#,
                #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"request","demand":"unlimited"}"#,
                #"{"t":5000000,"event":"value","value":1}"#, #"{"t":5000000,"event":"finished"}"#,
            ])
        _ = cancellable
    }

    @Test func aFolderOfPublisherTracesSharesTheSchedulersClock() async throws {
        let scheduler = TestScheduler()
        let traces = try TraceDirectory(path: try temporaryDirectory(), clock: scheduler.clock)
        let first = PassthroughSubject<String, Never>()
        let recorder = first.record(name: "first", clock: traces.clock, sink: try traces.sink(named: "first"))
        await scheduler.clock.advance(by: .milliseconds(7))
        let second = Just("b").trace(to: try traces.sink(named: "second"), name: "second", clock: traces.clock)
        let cancellable = second.sink { _ in }
        first.send(completion: .finished)
        #expect(recorder.header.at == 0)
        let trace = try Trace(contentsOf: traces.path + "/second.jsonl")
        #expect(trace.header.at == 7_000_000)
        #expect(trace.events.map(\.nanoseconds) == [0, 0, 0, 0])
        _ = cancellable
    }
}
#endif
