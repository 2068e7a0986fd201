extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Starts consuming the sequence into a new recorder whose trace is the
    /// file of the stream `name` in `directory`, recording any error: the
    /// overload for every OS version (before macOS 15, iOS 18, tvOS 18 and
    /// watchOS 11, where `AsyncSequence.Failure` does not exist, the
    /// compiler chooses it; elsewhere the typed one wins).
    @_disfavoredOverload
    public func record<C: TraceClock>(in directory: TraceDirectory<C>, name: String) throws(FileTraceSink.OpenError)
        -> Recorder<Element, any Error>
    {
        record(name: name, clock: directory.clock, sink: try directory.sink(named: name))
    }

    /// Passes every element through unchanged and writes the first
    /// iteration's trace to the file of the stream `name` in `directory`,
    /// throwing any error: the overload for every OS version.
    @_disfavoredOverload
    public func trace<C: TraceClock>(in directory: TraceDirectory<C>, name: String) throws(FileTraceSink.OpenError)
        -> UntypedTracedAsyncSequence<Self>
    {
        trace(to: try directory.sink(named: name), name: name, clock: directory.clock)
    }
}

extension AsyncStream where Element: Sendable {
    /// Starts consuming the stream into a new recorder whose trace is the
    /// file of the stream `name` in `directory`: `Recorder<Element, Never>`,
    /// on every OS version.
    public func record<C: TraceClock>(in directory: TraceDirectory<C>, name: String) throws(FileTraceSink.OpenError)
        -> Recorder<Element, Never>
    {
        record(name: name, clock: directory.clock, sink: try directory.sink(named: name))
    }

    /// Passes every element through unchanged and writes the first
    /// iteration's trace to the file of the stream `name` in `directory`:
    /// a ``TracedAsyncStream``, on every OS version.
    public func trace<C: TraceClock>(in directory: TraceDirectory<C>, name: String) throws(FileTraceSink.OpenError)
        -> TracedAsyncStream<Element>
    {
        trace(to: try directory.sink(named: name), name: name, clock: directory.clock)
    }
}
