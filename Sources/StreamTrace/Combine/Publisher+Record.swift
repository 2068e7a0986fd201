#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension Publisher {
    /// Subscribes a new recorder to this publisher and returns it.
    ///
    /// The recorder records `subscribe`, each `request` it makes, every value
    /// and the completion. It cancels its subscription when it is cancelled
    /// or released while the publisher is still live.
    ///
    /// ```swift
    /// let recorder = [1, 2, 3, 4, 5].publisher.record(initialDemand: .max(2))
    /// let available = try recorder.availableElements.get()  // [1, 2]
    /// recorder.request(.max(3))
    /// let elements = try recorder.elements.get()  // [1, 2, 3, 4, 5]
    /// ```
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the event times (`TestClock`, or a
    ///     `TestScheduler`'s `clock`, for virtual time).
    ///   - sink: where to write the trace while recording, if anywhere.
    ///   - initialDemand: what the recorder requests on subscription;
    ///     `nil` requests nothing until ``Recorder/request(_:)``.
    public func record<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: (any TraceSink)? = nil,
        initialDemand: Demand? = .unlimited
    ) -> Recorder<Output, Failure> where C.Duration == Duration {
        let recorder = Recorder<Output, Failure>(name: name, clock: clock, sink: sink)
        let subscriber = RecordingSubscriber(
            storage: recorder.storage, initialDemand: initialDemand?.combineDemand ?? .none)
        recorder.onCancel { subscriber.cancel() }
        recorder.onRequest { subscriber.request($0.combineDemand) }
        subscribe(subscriber)
        return recorder
    }

}
#endif
