#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

@Suite struct CombineRecorderTests {
    @Test func backpressureIsDrivenByRequestsAndRecorded() throws {
        let recorder = [1, 2, 3, 4, 5].publisher.record(clock: ManualClock(), initialDemand: .max(2))
        #expect(try recorder.availableElements.get() == [1, 2])
        #expect(recorder.events.map(\.event) == [.subscribe, .request(.max(2)), .value(1), .value(2)])
        recorder.request(.max(3))
        #expect(try recorder.elements.get() == [1, 2, 3, 4, 5])
        #expect(
            recorder.events.map(\.event) == [
                .subscribe, .request(.max(2)), .value(1), .value(2), .request(.max(3)), .value(3), .value(4), .value(5),
                .finished,
            ])
    }

    @Test func noInitialDemandWaitsForARequest() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record(initialDemand: nil)
        subject.send(1)
        #expect(recorder.events.map(\.event) == [.subscribe])
        recorder.request(.max(1))
        subject.send(2)
        #expect(try recorder.next().get() == 2)
    }

    @Test func cancellingOrReleasingTheRecorderCancelsTheSubscription() throws {
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        let recorder = subject.handleEvents(receiveCancel: { cancels += 1 }).record()
        recorder.cancel()
        #expect(cancels == 1)
        #expect(recorder.events.last?.event == .cancel)
        do {
            _ = subject.handleEvents(receiveCancel: { cancels += 1 }).record()
        }
        #expect(cancels == 2)
    }

    @Test func aSecondSubscriptionIsReportedAndCancelled() throws {
        let publisher = Misbehaving.SubscribesTwice()
        let recorder = publisher.record(clock: ManualClock())
        #expect(publisher.second.cancelled)
        #expect(recorder.diagnostics.map(\.description) == ["a second subscription (t=+0ns): cancelled, not recorded"])
        let error = try #require(throws: RecordingError.self) { try recorder.next().get() }
        #expect(
            error.description
                == "next(): the stream misbehaved: the publisher subscribed the recorder a second time (event 3, t=+0ns); recent: a-  a = 1"
        )
    }

    @Test func inputBeforeSubscriptionIsReported() throws {
        let recorder = Misbehaving.SendsBeforeSubscription().record(clock: ManualClock())
        #expect(
            recorder.diagnostics.map(\.description) == ["value event before the subscription (t=+0ns), not recorded"])
        let error = try #require(throws: RecordingError.self) { try recorder.elements.get() }
        #expect(error.reason == .misbehaved)
        #expect(error.message == "the stream misbehaved: the publisher sent a value before the subscription")
    }

    @Test func inputAfterCompletionIsReported() throws {
        let recorder = Misbehaving.SendsAfterCompletion().record(clock: ManualClock())
        #expect(recorder.diagnostics.map(\.description) == ["value event after the stream finished (t=+0ns)"])
        #expect(throws: RecordingError.self) { try recorder.elements.get() }
    }

    @Test func inputBeyondTheDemandIsRecordedAndReported() throws {
        let recorder = Misbehaving.IgnoresDemand().record(clock: ManualClock(), initialDemand: .max(1))
        #expect(throws: RecordingError.self) { try recorder.availableElements.get() }
        #expect(recorder.events.map(\.event) == [.subscribe, .request(.max(1)), .value(1), .value(2), .value(3)])
        #expect(recorder.diagnostics.count == 2)
        #expect(recorder.diagnostics.first?.kind == .unrequestedValue)
    }

    @Test func traceForwardsEveryEventUnchangedAndWritesIt() throws {
        let subject = PassthroughSubject<String, MyError>()
        let sink = MemoryTraceSink()
        let clock = ManualClock()
        var received: [String] = []
        var completion: Subscribers.Completion<MyError>?
        let cancellable = subject.trace(to: sink, name: "typing", clock: clock)
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { received.append($0) })
        subject.send("a")
        clock.advance(by: .milliseconds(5))
        subject.send("b")
        subject.send(completion: .failure(MyError(code: 2)))
        #expect(received == ["a", "b"])
        #expect(completion == .failure(MyError(code: 2)))
        #expect(
            sink.lines == [
                sink.lines[0],
                #"{"t":0,"event":"subscribe"}"#,
                #"{"t":0,"event":"request","demand":"unlimited"}"#,
                #"{"t":0,"event":"value","value":"a"}"#,
                #"{"t":5000000,"event":"value","value":"b"}"#,
                #"{"t":5000000,"event":"failure","error":{"type":"MyError","message":"MyError(code: 2)"},"value":{"code":2}}"#,
            ])
        #expect(sink.lines[0].hasPrefix(#"{"streamtrace":1,"stream":"typing","clock":"ManualClock","started":""#))
        _ = cancellable
    }

    @Test func aTraceIsOneSubscriptionLaterOnesPassThroughUntraced() throws {
        let sink = MemoryTraceSink()
        let traced = [1, 2].publisher.trace(to: sink, clock: ManualClock())
        var first: [Int] = []
        var second: [Int] = []
        _ = traced.sink { first.append($0) }
        _ = traced.sink { second.append($0) }
        #expect(first == [1, 2])
        #expect(second == [1, 2])
        #expect(sink.lines.count == 6)
    }

    @Test func cancellingATracedSubscriptionWritesCancel() throws {
        let sink = MemoryTraceSink()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.trace(to: sink, clock: ManualClock()).sink { _ in }
        subject.send(1)
        cancellable.cancel()
        #expect(try Trace(bytes: sink.bytes).status == .cancelled)
    }
}

#endif
