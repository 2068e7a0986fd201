#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import StreamTrace
import Testing

/// `TestStream.publisher` driven by a `TestScheduler` (or a `TestClock`):
/// each subscription plays the diagram, as demand allows.
@Suite struct TestStreamPublisherTests {
    static func milliseconds<Failure>(_ events: [RecordedEvent<String, Failure>]) -> [String] {
        events.map { event in
            let time = "@\(Double(event.nanoseconds) / 1_000_000)"
            switch event.event {
            case .value(let value): return "\(value)\(time)"
            case .finished: return "|\(time)"
            case .failure(let error): return "#\(error)\(time)"
            case .request(let demand): return "request \(demand)\(time)"
            default: return "\(event.event.kind)\(time)"
            }
        }
    }

    @Test func aColdPublisherPlaysFromEachSubscriptionAsTheSchedulerAdvances() {
        let scheduler = TestScheduler()
        let input = TestStream<String>("-a-(bc)|", scheduler: scheduler)
        let first = input.publisher.map { $0.uppercased() }.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(2))
        let second = input.publisher.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(20))
        #expect(
            Self.milliseconds(first.events) == [
                "subscribe@0.0", "request unlimited@0.0", "A@1.0", "B@3.0", "C@3.0", "|@7.0",
            ])
        #expect(
            Self.milliseconds(second.events) == [
                "subscribe@0.0", "request unlimited@0.0", "a@1.0", "b@3.0", "c@3.0", "|@7.0",
            ])
    }

    @Test func aHotPublisherOnATestClockShowsALateSubscriberWhatComesAfter() async {
        let clock = TestClock()
        let input = TestStream<String>("a^b-c|", clock: clock)
        await clock.advance(by: .milliseconds(2))
        let recorder = input.publisher.record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        #expect(Self.milliseconds(recorder.events) == ["subscribe@0.0", "request unlimited@0.0", "c@1.0", "|@2.0"])
    }

    @Test func aHotPublisherOnATestSchedulerRunsFromItsCreation() {
        let scheduler = TestScheduler()
        let input = TestStream<String>("-a^-b-c|", scheduler: scheduler)
        let early = input.publisher.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(3))
        let late = input.publisher.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(10))
        #expect(
            Self.milliseconds(early.events) == ["subscribe@0.0", "request unlimited@0.0", "b@2.0", "c@4.0", "|@5.0"])
        #expect(Self.milliseconds(late.events) == ["subscribe@0.0", "request unlimited@0.0", "c@1.0", "|@2.0"])
    }

    @Test func elementsDueWithoutDemandWaitForIt() {
        let scheduler = TestScheduler()
        let recorder = TestStream<String>("abc|", scheduler: scheduler).publisher
            .record(clock: scheduler.clock, initialDemand: .max(1))
        scheduler.advance(by: .milliseconds(10))
        #expect(Self.milliseconds(recorder.events) == ["subscribe@0.0", "request 1@0.0", "a@0.0"])
        recorder.request(.max(5))
        #expect(
            Self.milliseconds(recorder.events).suffix(4) == ["request 5@10.0", "b@10.0", "c@10.0", "|@10.0"])
    }

    @Test func aDiagramThatCannotBePlayedFailsTheSubscription() {
        let scheduler = TestScheduler()
        let input = TestStream<String>(unreported: "a)", clock: scheduler.clock)
        let recorder = input.publisher.record(clock: scheduler.clock)
        #expect(
            Self.milliseconds(recorder.events).last
                == #"#marbles "a)": column 2: ')' closes no group@0.0"#)
    }
}
#endif
