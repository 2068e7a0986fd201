import StreamTrace

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A sign-up form on Combine: the button is enabled once the email, debounced
/// by 500 ms on the given scheduler, looks like an address. The app passes
/// `DispatchQueue.main`; tests pass a `TestScheduler`.
public final class SignUpViewModel<S: Scheduler>: @unchecked Sendable {
    public let email = CurrentValueSubject<String, Never>("")
    public let buttonIsEnabled: AnyPublisher<Bool, Never>

    public init(scheduler: S) {
        buttonIsEnabled =
            email
            .debounce(for: .milliseconds(500), scheduler: scheduler)
            .map { $0.contains("@") && $0.contains(".") }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }

    /// What the app links StreamTrace for: in a debug build, the button's
    /// state written as a trace, to read with `streamtrace show`.
    public func traceButton(to sink: any TraceSink) -> AnyPublisher<Bool, Never> {
        buttonIsEnabled.trace(to: sink, name: "sign-up button").eraseToAnyPublisher()
    }
}
