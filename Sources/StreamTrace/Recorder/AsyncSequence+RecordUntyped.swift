extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Starts consuming the sequence into a new recorder, in a task, with any error it throws: `Recorder<Element, any
    /// Error>`. Works on every OS version the package supports.
    ///
    /// It reads the sequence with `next()`, which throws untyped errors. Where the typed overload is available (macOS
    /// 15, iOS 18, tvOS 18, watchOS 11, Linux) the compiler prefers that one, which records `Recorder<Element,
    /// Failure>`; this one is chosen before those versions, or when the context asks for `any Error`:
    ///
    /// ```swift
    /// let numbers = AsyncStream<Int> { continuation in
    ///     continuation.yield(1)
    ///     continuation.finish()
    /// }
    /// let recorder: Recorder<Int, any Error> = numbers.map { $0 * 10 }.record()
    /// let elements = try await recorder.elements.value(timeout: .seconds(60))  // [10]
    /// ```
    ///
    /// Events, times and cancellation are as for the typed overload, `record(name:clock:sink:)`.
    @_disfavoredOverload
    @inlinable
    public func record<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: (any TraceSink)? = nil
    ) -> Recorder<Element, any Error> where C.Duration == Duration {
        Recorder.recording(self, name: name, clock: clock, sink: sink, step: UntypedRecordingStep<AsyncIterator>.self)
    }
}

extension AsyncStream where Element: Sendable {
    /// Starts consuming the stream into a new recorder, in a task: `Recorder<Element, Never>`, on every OS version (an
    /// `AsyncStream` never throws, and its `next()` says so before the typed `AsyncSequence.Failure` exists). Otherwise
    /// as `AsyncSequence.record(name:clock:sink:)`.
    @inlinable
    public func record<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: (any TraceSink)? = nil
    ) -> Recorder<Element, Never> where C.Duration == Duration {
        Recorder.recording(self, name: name, clock: clock, sink: sink, step: StreamRecordingStep<Element>.self)
    }
}
