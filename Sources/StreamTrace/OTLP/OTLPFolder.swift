/// A folder of traces (a ``TraceDirectory``'s) as `export --format otlp` writes it: one trace id for all its
/// streams, and one span, the parent of theirs, from the earliest start to the latest end among them.
package struct OTLPFolder: Sendable {
    /// The folder's path as given or found.
    package var path: String
    /// The span's name: the folder's own name (its last path component).
    package var name: String
    package var traceID: [UInt8]
    package var spanID: [UInt8]
    /// Unix nanoseconds.
    package var start: Int64
    package var end: Int64
    package var streamCount: Int

    package init(path: String, streams: [OTLPStream]) {
        self.path = path
        let last = path.split(separator: "/").last.map(String.init) ?? path
        name = last == "." || last == ".." ? path : last
        traceID = OTLPIdentity.traceID(of: path)
        spanID = OTLPIdentity.folderSpanID(of: path)
        start = streams.map(\.start).min() ?? 0
        end = streams.map(\.end).max() ?? start
        streamCount = streams.count
    }
}
