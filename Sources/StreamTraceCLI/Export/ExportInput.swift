import StreamTrace

/// A trace that `export --format otlp` reads twice. A regular file is opened anew for each pass, so that a folder of
/// thousands of traces needs no more descriptors than one (macOS allows 256 by default); standard input, a FIFO or a
/// process substitution is a ``TraceInput`` kept for both passes, copied to a temporary file as the first reads it.
struct ExportInput {
    /// The path as given or found, or `-`.
    let path: String
    /// The input of a stream, kept from the first pass to the second.
    private let stream: TraceInput?

    init(_ path: String) throws(TraceReadError) {
        self.path = path
        stream = TraceInput.isRegularFile(path) ? nil : try TraceInput(path, passes: 2)
    }

    func reader() throws(TraceReadError) -> TraceReader {
        if let stream { return try stream.reader() }
        return try TraceInput(path).reader()
    }
}
