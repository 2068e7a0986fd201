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
    /// The opposite form, for an expectation that has one (an inverted expectation's base, the inverted form of an
    /// invertible one): what a wait that failed under a test case keeping its failures reads instead.
    private let opposite: (any AnyBoundExpectation)?

    package init(_ bound: any AnyBoundExpectation<Output>, opposite: (any AnyBoundExpectation)? = nil) {
        self.bound = bound
        self.opposite = opposite
    }

    package var name: String { bound.name }
    package var trace: any RecordedTrace { bound.trace }

    /// Decides the expectation from what the recorder holds now, without waiting.
    ///
    /// - Throws: The stream's own error when the stream failed where the expectation wanted something else (as
    ///   CombineExpectations' `get()` does), so that `catch let error as MyError` catches it; otherwise a
    ///   ``RecordingError``. ``result()`` gives the `RecordingError` in both cases.
    public func get() throws -> Output {
        do { return try bound.get() } catch { throw error.thrown }
    }

    /// Decides the expectation from what the recorder holds now, like ``get()``, and returns why it failed as a
    /// ``RecordingError`` in every case: when the stream's failure decided it, the error's
    /// ``RecordingError/streamError`` holds the stream's own error, beside what was expected and the recent events.
    ///
    /// ```swift
    /// let recorder = Recorder<Int, MyError>()
    /// recorder.receive(completion: .failure(MyError()))
    /// if case .failure(let error) = recorder.elements.result() {
    ///     print(error.reason)  // streamFailed
    ///     print(error.streamError?.underlying is MyError)  // true
    /// }
    /// ```
    public func result() -> Result<Output, RecordingError> {
        do { return .success(try bound.get()) } catch { return .failure(error) }
    }

    /// Suspends until the expectation is decided or `timeout` of wall-clock time passes. Cancelling the waiting task
    /// ends the wait like a timeout.
    ///
    /// - Throws: The stream's own error when the stream failed where the expectation wanted something else, as
    ///   ``get()`` does; otherwise a ``RecordingError`` if it is not fulfilled in time.
    public func value(timeout: Duration) async throws -> Output {
        do { return try await bound.value(timeout: timeout) } catch { throw error.thrown }
    }

    /// Blocks the calling thread until the expectation is decided or `timeout` expires (StreamTraceXCTest's `wait`).
    @available(*, noasync, message: "wait(timeout:) blocks its thread; in async code use value(timeout:)")
    package func wait(timeout: Duration) throws(RecordingError) -> Output {
        try bound.wait(timeout: timeout)
    }

    /// Suspends until the expectation is decided or `timeout` expires, and returns why it failed as a
    /// ``RecordingError`` in every case (the test helpers' wait).
    package func result(timeout: Duration) async -> Result<Output, RecordingError> {
        do { return .success(try await bound.value(timeout: timeout)) } catch { return .failure(error) }
    }

    /// What a wait that failed with `failure` gives when the test goes on (its test case kept the failure from the
    /// run, as CombineExpectations' own test case does): what CombineExpectations' `get()` reads then. A timeout gives
    /// the inverted form's value when it is of this type (`finished`, `prefix(n)`); an inverted expectation that was
    /// fulfilled gives its base's, or nothing when it returns nothing (`next().inverted`); the stream's own error is
    /// thrown as ``get()`` throws it, and anything else throws `failure`.
    package func recovered(after failure: RecordingError) throws -> Output {
        guard failure.waitEnded || failure.reason == .invertedFulfilled, let opposite else { throw failure.thrown }
        let value: Any
        do { value = try opposite.get() } catch {
            throw error.reason == .streamFailed ? error.thrown : failure.thrown
        }
        if let value = value as? Output { return value }
        // A fulfilled `next().inverted` returns nothing where its base would return the element.
        if failure.reason == .invertedFulfilled, let nothing = () as? Output { return nothing }
        throw failure.thrown
    }
}

// The bound expectation is immutable; what it reads is behind the recorder's lock.
extension RecorderExpectation: @unchecked Sendable where Output: Sendable {}
