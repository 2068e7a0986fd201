/// Limits that keep a reader's memory and stack bounded on any input.
package struct TraceReaderOptions: Sendable, Hashable {
    /// The longest line accepted, in bytes (default 16 MiB).
    package var maximumLineLength: Int
    /// The deepest nesting of arrays and objects accepted (default 512).
    package var maximumDepth: Int
    /// How many bytes are read from the file at a time (default 1 MiB).
    package var chunkSize: Int

    /// Deep enough for any real value, shallow enough for any thread's stack.
    package static let defaultMaximumDepth = 512

    package init(
        maximumLineLength: Int = 16 << 20, maximumDepth: Int = TraceReaderOptions.defaultMaximumDepth,
        chunkSize: Int = 1 << 20
    ) {
        self.maximumLineLength = maximumLineLength
        self.maximumDepth = maximumDepth
        self.chunkSize = chunkSize
    }
}
