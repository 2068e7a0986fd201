#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension Publisher {
    /// Subscribes a new recorder whose trace is the file of the stream
    /// `name` in `directory`, on the folder's clock. See
    /// ``record(name:clock:sink:initialDemand:)``.
    public func record<C: TraceClock>(
        in directory: TraceDirectory<C>, name: String, initialDemand: Demand? = .unlimited
    ) throws(FileTraceSink.OpenError) -> Recorder<Output, Failure> {
        record(name: name, clock: directory.clock, sink: try directory.sink(named: name), initialDemand: initialDemand)
    }

    /// Passes every event through unchanged and writes the first
    /// subscription's trace to the file of the stream `name` in
    /// `directory`, on the folder's clock. See ``trace(to:name:clock:)``.
    public func trace<C: TraceClock>(in directory: TraceDirectory<C>, name: String) throws(FileTraceSink.OpenError)
        -> TracedPublisher<Self>
    {
        trace(to: try directory.sink(named: name), name: name, clock: directory.clock)
    }
}
#endif
