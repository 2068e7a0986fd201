/// Records every event of one subscription to a stream, with times from an injected clock, for expectations and for a
/// JSON Lines trace.
///
/// Feed it by hand, from any thread, or let `sequence.record()` feed it. Read it with expectations, at once or waiting:
///
/// ```swift
/// let recorder = Recorder<String, Never>()
/// recorder.receive("foo")
/// let element = try recorder.next().get()  // "foo"
/// recorder.receive(completion: .finished)
/// try await recorder.finished.value(timeout: .seconds(60))
/// ```
///
/// Give it a sink to write the trace while recording:
///
/// ```swift
/// let recorder = Recorder<Int, Never>(name: "ticks", sink: try FileTraceSink(path: "ticks.jsonl"))
/// ```
public final class Recorder<Input, Failure: Error> {
    @usableFromInline let storage: RecorderStorage<Input, Failure>

    /// Creates a recorder whose times are measured from now on `clock`.
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the event times: `ContinuousClock` by
    ///     default; a ``TestClock`` gives deterministic times.
    ///   - sink: where to write the trace while recording, if anywhere.
    ///   - meta: extra information for the trace header.
    @inlinable
    public init<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: (any TraceSink)? = nil, meta: JSONObject? = nil
    ) where C.Duration == Duration {
        let time = TimeSource(clock)
        let membership = GroupMembership.of(sink)
        let header = time.header(stream: name, meta: meta)
        storage = RecorderStorage(
            time: time, header: membership?.header(header) ?? header, sink: sink, membership: membership)
    }

    /// A recorder timed by `time`, a member of a group if `membership` says so.
    @usableFromInline
    init(time: TimeSource, header: TraceHeader, sink: (any TraceSink)?, membership: GroupMembership?) {
        storage = RecorderStorage(time: time, header: header, sink: sink, membership: membership)
    }

    deinit {
        // A recorder that goes away while its stream is live stops listening.
        if storage.lock.withLock({ storage.state.onCancel != nil && storage.state.terminal == nil }) {
            storage.record(.cancel)
        }
        storage.sink?.flush()
    }

    // MARK: Feeding

    /// Records that the subscription started (at most once, first).
    @inlinable
    public func receiveSubscription() {
        storage.record(.subscribe)
    }

    /// Records that the subscriber asked for more elements.
    @inlinable
    public func receive(request demand: Demand) {
        storage.record(.request(demand))
    }

    /// Records one element.
    @inlinable
    public func receive(_ input: Input) {
        storage.record(.value(input))
    }

    /// Records the completion.
    @inlinable
    public func receive(completion: StreamCompletion<Failure>) {
        switch completion {
        case .finished: storage.record(.finished)
        case .failure(let error): storage.record(.failure(error))
        }
    }

    /// Asks the recorded stream for more elements, and records the request. For `publisher.record(initialDemand:)`,
    /// this drives backpressure.
    public func request(_ demand: Demand) {
        guard storage.record(.request(demand)) else { return }
        storage.lock.withLock { storage.state.onRequest }?(demand)
    }

    /// Records that the subscriber cancelled, and stops the recorded stream (for `sequence.record()`, cancels its
    /// task). Waits in progress end.
    @inlinable
    public func cancel() {
        storage.record(.cancel)
    }

    // MARK: Reading

    package var header: TraceHeader { storage.header }

    /// Every event recorded so far, with its time.
    public var events: [RecordedEvent<Input, Failure>] {
        storage.lock.withLock { storage.state.recordedEvents() }
    }

    /// Events the stream sent against the rules (after its completion, a second subscription…), which were not recorded
    /// as events.
    public var diagnostics: [RecorderDiagnostic] {
        storage.lock.withLock { storage.state.diagnostics }
    }

    /// The trace of everything recorded so far, as JSON Lines text.
    public var traceText: String { storage.traceText }

    /// Sets what `cancel()` stops. Called at most once; runs outside the lock.
    @usableFromInline
    func onCancel(_ body: @escaping @Sendable () -> Void) {
        storage.lock.withLock { storage.state.onCancel = body }
    }

    func onRequest(_ body: @escaping @Sendable (Demand) -> Void) {
        storage.lock.withLock { storage.state.onRequest = body }
    }
}

extension Recorder: @unchecked Sendable where Input: Sendable {}

extension Recorder {
    /// `expectation`, bound to this recorder. Each expectation declares its accessor (`recorder.next()`) in its file.
    package func expecting<E: StreamExpectation>(_ expectation: E) -> RecorderExpectation<E.Output>
    where E.Element == Input, E.Failure == Failure {
        RecorderExpectation(BoundExpectation(recorder: self, expectation: expectation))
    }

    /// `expectation` and its inverted form, bound to this recorder.
    func expecting<E: InvertibleExpectation>(
        _ expectation: E
    ) -> InvertibleRecorderExpectation<E.Output, E.InvertedOutput>
    where E.Element == Input, E.Failure == Failure {
        InvertibleRecorderExpectation(
            BoundExpectation(recorder: self, expectation: expectation),
            inverted: BoundExpectation(recorder: self, expectation: StreamExpectations.Inverted(expectation)))
    }
}
