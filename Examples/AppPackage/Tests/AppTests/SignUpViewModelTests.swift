import App
import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A Combine view model on a TestScheduler (OpenCombine on Linux): time
/// moves only when the test says so.
@Suite struct SignUpViewModelTests {
    @Test func theButtonIsEnabledHalfASecondAfterAValidEmail() throws {
        let scheduler = TestScheduler()
        let model = SignUpViewModel(scheduler: scheduler)
        let recorder = model.buttonIsEnabled.record(name: "button", clock: scheduler.clock)
        scheduler.advance(by: .seconds(1))
        model.email.send("user@")
        scheduler.advance(by: .milliseconds(100))
        model.email.send("user@company.com")
        scheduler.advance(by: .seconds(1))

        expectEvents(
            recorder,
            [.value(false, at: .milliseconds(500)), .value(true, at: .milliseconds(1600))])
        try recorder.finished.inverted.get()  // still open
    }

    @Test func theAppWritesTheButtonsTraceForStreamtraceShow() throws {
        let scheduler = TestScheduler()
        let model = SignUpViewModel(scheduler: scheduler)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sign-up-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try FileTraceSink(path: path)
        let cancellable = model.traceButton(to: sink).sink { _ in }
        model.email.send("user@company.com")
        scheduler.advance(by: .seconds(1))
        cancellable.cancel()
        sink.close()

        let trace = try Trace(contentsOf: path)
        #expect(trace.header.stream == "sign-up button")
        #expect(trace.elements == [.bool(true)])
        #expect(trace.status == .cancelled)
    }
}
