/// Where a trace's lines go while a stream is recorded.
///
/// A sink receives whole lines, in order, and decides when to store them. A recorder calls it from whichever thread
/// delivered the event, one call at a time; a sink shared between recorders must protect itself.
///
/// ```swift
/// let sink = MemoryTraceSink()
/// let recorder = Recorder<Int, Never>(sink: sink)
/// recorder.receive(1)
/// let text = sink.text  // the header line, then {"t":…,"event":"value","value":1}
/// ```
public protocol TraceSink: AnyObject, Sendable {
    /// Receives one line of JSON, without its newline. `isTerminal` is true for the last event of the trace
    /// (`finished`, `failure`, `cancel`).
    func write(line: UnsafeRawBufferPointer, isTerminal: Bool)
    /// Makes everything written so far durable.
    func flush()
    /// Flushes and releases resources; later writes are ignored.
    func close()
}

extension TraceSink {
    /// Nothing to make durable (a sink that writes at once).
    public func flush() {}
    /// Flushes.
    public func close() { flush() }
}
