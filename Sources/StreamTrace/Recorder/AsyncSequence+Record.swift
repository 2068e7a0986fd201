extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Starts consuming the sequence into a new recorder, in a task, with the sequence's own error type:
    /// `Recorder<Element, Failure>`.
    ///
    /// `subscribe` is recorded at once, at the time of the call (so that its time does not depend on when the task gets
    /// to run); the task then records each element, then `finished`, or `failure` with the error the sequence throws.
    /// Cancelling the recorder (or releasing it) cancels the task.
    ///
    /// ```swift
    /// let numbers = AsyncStream<Int> { continuation in
    ///     for i in 1...3 { continuation.yield(i) }
    ///     continuation.finish()
    /// }
    /// let recorder = numbers.record()
    /// let elements = try await recorder.elements.value(timeout: .seconds(60))  // [1, 2, 3]
    /// ```
    ///
    /// This overload reads the sequence with `next(isolation:)`, whose typed throws need macOS 15, iOS 18, tvOS 18 or
    /// watchOS 11 (or Linux). Where it is available the compiler chooses it; before those versions the same call
    /// resolves to the overload that records `Recorder<Element, any Error>`, and an `AsyncStream` is recorded as
    /// `Recorder<Element, Never>` on every version.
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the event times.
    ///   - sink: where to write the trace while recording, if anywhere.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @inlinable
    public func record<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: (any TraceSink)? = nil
    ) -> Recorder<Element, Failure> where C.Duration == Duration {
        Recorder.recording(self, name: name, clock: clock, sink: sink, step: TypedRecordingStep<AsyncIterator>.self)
    }
}

extension Recorder {
    /// A new recorder of `sequence`: the body of every `record()` overload, which documents what it records.
    @inlinable
    static func recording<Sequence: AsyncSequence & Sendable, C: Clock, Step: RecordingStep>(
        _ sequence: Sequence, name: String?, clock: C, sink: (any TraceSink)?, step: Step.Type
    ) -> Recorder
    where
        C.Duration == Duration, Step.Iterator == Sequence.AsyncIterator, Step.Element == Input, Step.Failure == Failure
    {
        let recorder = Recorder(name: name, clock: clock, sink: sink)
        let storage = recorder.storage
        storage.record(.subscribe)
        let task = Task {
            var iterator = sequence.makeAsyncIterator()
            do throws(Failure) {
                while let element = try await Step.next(&iterator) {
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
}
