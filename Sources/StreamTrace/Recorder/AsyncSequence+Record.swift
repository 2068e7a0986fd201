extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Starts consuming the sequence into a new recorder, in a task.
    ///
    /// `subscribe` is recorded at once, at the time of the call (so that
    /// its time does not depend on when the task gets to run); the task
    /// then records each element, then `finished`, or `failure` with the
    /// error the sequence throws. Cancelling the recorder (or releasing
    /// it) cancels the task.
    ///
    /// ```swift
    /// let numbers = AsyncStream<Int> { continuation in
    ///     for i in 1...3 { continuation.yield(i) }
    ///     continuation.finish()
    /// }
    /// let recorder = numbers.record()
    /// let elements = try await recorder.elements.value(timeout: 60)  // [1, 2, 3]
    /// ```
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the event times.
    ///   - sink: where to write the trace while recording, if anywhere.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @inlinable
    public func record<C: Clock>(
        name: String? = nil, clock: C, sink: (any TraceSink)? = nil
    ) -> Recorder<Element, Failure> where C.Duration == Duration {
        let recorder = Recorder<Element, Failure>(name: name, clock: clock, sink: sink)
        let storage = recorder.storage
        storage.record(.subscribe)
        let task = Task {
            var iterator = self.makeAsyncIterator()
            do throws(Failure) {
                while let element = try await iterator.next(isolation: nil) {
                    storage.record(.value(element))
                }
                storage.record(.finished)
            } catch {
                storage.record(.failure(error))
            }
        }
        recorder.onCancel { task.cancel() }
        return recorder
    }

    /// Starts consuming the sequence into a new recorder timed by
    /// `ContinuousClock`. See ``record(name:clock:sink:)``.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @inlinable
    public func record(name: String? = nil, sink: (any TraceSink)? = nil) -> Recorder<Element, Failure> {
        record(name: name, clock: ContinuousClock(), sink: sink)
    }
}
