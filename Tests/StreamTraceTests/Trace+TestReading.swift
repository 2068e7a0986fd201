import StreamTrace

/// Whole traces read from memory or with reader options, as only tests read them.
extension Trace {
    init(contentsOf path: String, options: TraceReaderOptions) throws(TraceReadError) {
        try self.init(reader: TraceReader(closingFileDescriptor: TraceFile.open(path), name: path, options: options))
    }

    init(bytes: [UInt8], name: String = "<memory>", options: TraceReaderOptions = TraceReaderOptions())
        throws(TraceReadError)
    {
        try self.init(reader: TraceReader(bytes: bytes, name: name, options: options))
    }

    init(text: String, name: String = "<memory>") throws(TraceReadError) {
        try self.init(bytes: Array(text.utf8), name: name)
    }
}
