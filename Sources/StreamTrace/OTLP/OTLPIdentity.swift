/// The trace and span ids of `export --format otlp`: the first 16 or 8
/// bytes of the SHA-256 of what names the trace or span, so the same paths
/// and streams get the same ids in every process (Swift's `Hasher` is
/// seeded anew in each one).
///
/// What is hashed is UTF-8 text, its parts separated by a 0 byte:
///
/// | id | hashed |
/// |---|---|
/// | trace of a folder or of a lone trace | `trace`, the path |
/// | span of a folder | `folder`, the path |
/// | span of a subscription | `span`, the trace's path, the stream's name |
/// | span of the Nth part of a split subscription | `span`, the path, the name, N |
///
/// ```swift
/// let trace = OTLPIdentity.traceID(of: "traces/checkout")
/// let span = OTLPIdentity.spanID(file: "traces/checkout/cart.jsonl", stream: "cart")
/// let sizes = [trace.count, span.count]  // [16, 8]
/// ```
package enum OTLPIdentity {
    /// The trace id of the folder at `path`, or of the trace file at `path`
    /// when it is not in a folder.
    package static func traceID(of path: String) -> [UInt8] {
        digest(["trace", path], count: 16)
    }

    /// The span id of the folder at `path`, parent of its traces' spans.
    package static func folderSpanID(of path: String) -> [UInt8] {
        digest(["folder", path], count: 8)
    }

    /// The span id of the subscription to `stream` in the trace at `file`,
    /// or of its part `chunk` (counted from 1) when it is split.
    package static func spanID(file: String, stream: String, chunk: Int? = nil) -> [UInt8] {
        digest(["span", file, stream] + (chunk.map { [String($0)] } ?? []), count: 8)
    }

    /// The first `count` bytes of the SHA-256 of `parts`, 0-separated.
    private static func digest(_ parts: [String], count: Int) -> [UInt8] {
        var message: [UInt8] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { message.append(0) }
            message.append(contentsOf: part.utf8)
        }
        return Array(SHA256.hash(message).prefix(count))
    }
}
