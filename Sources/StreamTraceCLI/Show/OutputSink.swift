import StreamTrace

/// `show`'s sinks (``TimelineRows``, ``JSONLines``): events written to standard output as they come.
protocol OutputSink: TraceEventSink {
    /// The first error writing standard output; nothing is written after it.
    var failure: OutputError? { get set }
}

extension OutputSink {
    var wantsMore: Bool { failure == nil }

    mutating func bufferWillChange() {}

    mutating func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do throws(OutputError) { try Console.write(bytes: bytes) } catch { failure = error }
    }
}
