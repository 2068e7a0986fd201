#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

/// The README's Combine snippets, as written, with what their comments
/// promise.
@Suite struct ReadmeCombineSnippetTests {
    @Test func aPublisherIsRecordedWithUnlimitedDemandOrStepByStep() throws {
        let viewModel = SearchViewModel(results: ["s", "sw", "swi", "swift"].publisher.eraseToAnyPublisher())
        let numbers = [1, 2, 3, 4, 5].publisher

        let recorder = viewModel.results.record()  // subscribed, unlimited demand
        let values = try recorder.next(3).wait(timeout: .seconds(1))

        let slow = numbers.record(initialDemand: .max(2))  // backpressure, step by step
        let firstTwo = try slow.availableElements.get()  // 2 values, one `request` event
        slow.request(.max(3))  // a second `request` event

        #expect(recorder.events.prefix(2).map(\.event) == [.subscribe, .request(.unlimited)])
        #expect(values == ["s", "sw", "swi"])
        #expect(firstTwo == [1, 2])
        #expect(
            slow.events.map(\.event) == [
                .subscribe, .request(.max(2)), .value(1), .value(2), .request(.max(3)), .value(3), .value(4), .value(5),
                .finished,
            ])
    }

    @Test func aRecorderTimedByATestSchedulerStampsVirtualTime() throws {
        let email = CurrentValueSubject<String, Never>("")
        let viewModel = ForgotPasswordViewModel(
            uiInputs: .init(
                emailAddressTextChanged: email.eraseToAnyPublisher(), submitButtonPressed: Empty().eraseToAnyPublisher()
            ),
            backgroundScheduler: ImmediateScheduler.shared, uiScheduler: ImmediateScheduler.shared,
            api: { Empty().eraseToAnyPublisher() })

        let scheduler = TestScheduler()
        let recorder = viewModel.buttonIsEnabled.record(clock: scheduler.clock)
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) { email.send("user@company.com") }
        scheduler.advance(by: 5)
        #expect(recorder.events.map(\.event) == [.subscribe, .request(.unlimited), .value(false), .value(true)])
        try recorder.finished.inverted.get()

        #expect(recorder.events.map(\.nanoseconds) == [0, 0, 0, 1_000_000_000])
        #expect(recorder.traceText.hasPrefix(#"{"streamtrace":1,"clock":"virtual","at":0}"#))
    }
}
#endif
