import Foundation

extension TraceReader {
    /// Reads a trace from an open file handle (not closed by the reader).
    ///
    /// Emitted into the code that calls it, so that the library itself
    /// references nothing of Foundation's `FileHandle`: a program that
    /// links StreamTrace without calling this (the `streamtrace` command)
    /// links no Foundation beyond `FoundationEssentials`.
    @_alwaysEmitIntoClient
    public convenience init(fileHandle: FileHandle, name: String, options: TraceReaderOptions = TraceReaderOptions())
        throws(TraceReadError)
    {
        try self.init(fileDescriptor: fileHandle.fileDescriptor, name: name, options: options)
    }
}
