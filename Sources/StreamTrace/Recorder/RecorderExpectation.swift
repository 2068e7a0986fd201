/// An expectation bound to a recorder: read it now with ``get()``, or suspend until it is decided with
/// ``value(timeout:)``.
///
/// A wait is woken by the recorder's events, never by polling, and returns at once when the expectation is already
/// decided. The timeout is wall-clock time and only bounds a failure. In tests, StreamTraceTesting's and
/// StreamTraceXCTest's `wait(for:timeout:)` wait the same way and report a failure at the caller's line.
///
/// ```swift
/// let recorder = Recorder<Int, Never>()
/// recorder.receive(1)
/// let first = try recorder.next().get()  // 1
/// let done: Void = try await recorder.finished.inverted.value(timeout: .milliseconds(10))
/// ```
public class RecorderExpectation<Output> {
    package let bound: any AnyBoundExpectation<Output>

    package init(_ bound: any AnyBoundExpectation<Output>) {
        self.bound = bound
    }

    package var name: String { bound.name }
    package var trace: any RecordedTrace { bound.trace }

    /// Decides the expectation from what the recorder holds now, without waiting.
    ///
    /// - Throws: ``RecordingError`` if it is not fulfilled.
    public func get() throws -> Output {
        try bound.get()
    }

    /// Suspends until the expectation is decided or `timeout` of wall-clock time passes. Cancelling the waiting task
    /// ends the wait like a timeout.
    ///
    /// - Throws: ``RecordingError`` if it is not fulfilled in time.
    public func value(timeout: Duration) async throws -> Output {
        try await bound.value(timeout: timeout)
    }

    /// Blocks the calling thread until the expectation is decided or `timeout` expires (StreamTraceXCTest's `wait`).
    @available(*, noasync, message: "wait(timeout:) blocks its thread; in async code use value(timeout:)")
    package func wait(timeout: Duration) throws -> Output {
        try bound.wait(timeout: timeout)
    }
}

// The bound expectation is immutable; what it reads is behind the recorder's lock.
extension RecorderExpectation: @unchecked Sendable where Output: Sendable {}
