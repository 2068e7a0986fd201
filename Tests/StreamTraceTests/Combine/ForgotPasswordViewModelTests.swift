#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

/// The view model of "Unit Testing with Combine" (reference 004): a button
/// enabled by a valid email address, and a reset request that goes to a
/// background scheduler and back to the UI scheduler.
struct ForgotPasswordViewModel<S: Scheduler> {
    struct UIInputs {
        let emailAddressTextChanged: AnyPublisher<String, Never>
        let submitButtonPressed: AnyPublisher<Void, Never>
    }

    let buttonIsEnabled: AnyPublisher<Bool, Never>
    let resetRequestAccepted: AnyPublisher<Void, Never>

    init(uiInputs: UIInputs, backgroundScheduler: S, uiScheduler: S, api: @escaping () -> AnyPublisher<Void, Never>) {
        buttonIsEnabled = uiInputs.emailAddressTextChanged
            .map { text in
                let parts = text.split(separator: "@", omittingEmptySubsequences: false)
                return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasSuffix(".")
            }
            .eraseToAnyPublisher()
        resetRequestAccepted = uiInputs.submitButtonPressed
            .receive(on: backgroundScheduler)
            .flatMap { _ in api() }
            .receive(on: uiScheduler)
            .eraseToAnyPublisher()
    }
}

@Suite struct ForgotPasswordViewModelTests {
    /// The button's whole shape over time, in virtual time.
    func buttonScenario(sink: (any TraceSink)? = nil) throws -> Recorder<Bool, Never> {
        let scheduler = TestScheduler()
        let text = CurrentValueSubject<String, Never>("")
        let viewModel = ForgotPasswordViewModel(
            uiInputs: .init(
                emailAddressTextChanged: text.eraseToAnyPublisher(), submitButtonPressed: Empty().eraseToAnyPublisher()),
            backgroundScheduler: scheduler, uiScheduler: scheduler, api: { Empty().eraseToAnyPublisher() })
        let recorder = viewModel.buttonIsEnabled.record(name: "buttonIsEnabled", clock: scheduler.clock, sink: sink)
        for (second, typed) in [(1, "user@company.com"), (2, "notanemailaddress"), (3, "a@b.c.d.com")] {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(second))) { text.send(typed) }
        }
        scheduler.advance(by: 100)
        return recorder
    }

    @Test func theButtonIsEnabledOnlyForEmailAddresses() throws {
        let recorder = try buttonScenario()
        #expect(
            recorder.events == [
                RecordedEvent(nanoseconds: 0, event: .subscribe),
                RecordedEvent(nanoseconds: 0, event: .request(.unlimited)),
                RecordedEvent(nanoseconds: 0, event: .value(false)),
                RecordedEvent(nanoseconds: 1_000_000_000, event: .value(true)),
                RecordedEvent(nanoseconds: 2_000_000_000, event: .value(false)),
                RecordedEvent(nanoseconds: 3_000_000_000, event: .value(true)),
            ])
        try recorder.finished.inverted.get()
    }

    @Test func aResetRequestHopsToTheBackgroundAndBackToTheUI() throws {
        let scheduler = TestScheduler()
        let tapped = PassthroughSubject<Void, Never>()
        var apiCalls: [VirtualTime] = []
        let viewModel = ForgotPasswordViewModel(
            uiInputs: .init(
                emailAddressTextChanged: Empty().eraseToAnyPublisher(),
                submitButtonPressed: tapped.eraseToAnyPublisher()),
            backgroundScheduler: scheduler, uiScheduler: scheduler,
            api: {
                apiCalls.append(scheduler.now)
                return Just(()).delay(for: .milliseconds(500), scheduler: scheduler).eraseToAnyPublisher()
            })
        let recorder = viewModel.resetRequestAccepted.record(clock: scheduler.clock)
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) { tapped.send(()) }

        scheduler.advance(by: .milliseconds(1400))
        #expect(try recorder.elementCount.get() == 0)
        scheduler.advance(by: 100)
        #expect(apiCalls == [VirtualTime(nanoseconds: 1_000_000_000)])
        #expect(recorder.events.map(\.nanoseconds) == [0, 0, 1_500_000_000])
        #expect(try recorder.availableElements.get().count == 1)
        try recorder.finished.inverted.get()
        #expect(scheduler.pendingCount == 0)
    }

    /// Each recorder is released at the end of its scenario, still subscribed:
    /// it cancels, and the trace says so.
    @Test func theTraceIsTheSameBytesInEveryRun() throws {
        let first = MemoryTraceSink()
        let second = MemoryTraceSink()
        _ = try buttonScenario(sink: first)
        _ = try buttonScenario(sink: second)
        #expect(first.bytes == second.bytes)
        #expect(
            first.text == """
                {"streamtrace":1,"stream":"buttonIsEnabled","clock":"virtual","at":0}
                {"t":0,"event":"subscribe"}
                {"t":0,"event":"request","demand":"unlimited"}
                {"t":0,"event":"value","value":false}
                {"t":1000000000,"event":"value","value":true}
                {"t":2000000000,"event":"value","value":false}
                {"t":3000000000,"event":"value","value":true}
                {"t":100000000000,"event":"cancel"}

                """)
    }
}

@Suite struct TestSchedulerTests {
    @Test func actionsRunInTimeOrderThenSchedulingOrder() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: 2)) { log.append("b") }
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) { log.append("a") }
        scheduler.schedule(after: scheduler.now.advanced(by: 2)) { log.append("c") }
        scheduler.schedule { log.append("now") }
        #expect(log.isEmpty)
        scheduler.advance()
        #expect(log == ["now"])
        scheduler.advance(to: VirtualTime(nanoseconds: 2_000_000_000))
        #expect(log == ["now", "a", "b", "c"])
        #expect(scheduler.now == VirtualTime(nanoseconds: 2_000_000_000))
    }

    @Test func repeatingActionsRunEveryIntervalUntilCancelled() {
        let scheduler = TestScheduler()
        var times: [Int64] = []
        let repeating = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: .seconds(1)) {
            times.append(scheduler.now.nanoseconds / 1_000_000_000)
        }
        scheduler.advance(by: 3)
        #expect(times == [1, 2, 3])
        repeating.cancel()
        scheduler.advance(by: 10)
        #expect(times == [1, 2, 3])
    }

    @Test func runRunsEverythingScheduledAndDelaysWork() throws {
        let scheduler = TestScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: scheduler).record(clock: scheduler.clock)
        scheduler.run()
        #expect(try recorder.single.get() == 1)
        #expect(recorder.events.last?.nanoseconds == 3_000_000_000)
    }
}
#endif
