/// The trace and span ids of `export --format otlp`: the first 16 or 8 bytes of the SHA-256 of what names the trace
/// or span (UTF-8 parts separated by a 0 byte, as docs/otlp.md lists them), so that the same paths and streams get
/// the same ids in every process, as Swift's per-process seeded `Hasher` would not.
package enum OTLPIdentity {
    /// The trace id of the folder at `path`, or of the trace file at `path` when it is in no folder.
    package static func traceID(of path: String) -> [UInt8] {
        digest(["trace", path], count: 16)
    }

    /// The span id of the folder at `path`, parent of its traces' spans.
    package static func folderSpanID(of path: String) -> [UInt8] {
        digest(["folder", path], count: 8)
    }

    /// The span id of the subscription to `stream` in the trace at `file`, or of its part `chunk` (from 1).
    package static func spanID(file: String, stream: String, chunk: Int? = nil) -> [UInt8] {
        digest(["span", file, stream] + (chunk.map { [String($0)] } ?? []), count: 8)
    }

    /// The first `count` bytes of the SHA-256 of `parts`, 0-separated.
    private static func digest(_ parts: [String], count: Int) -> [UInt8] {
        let message = Array(parts.map { Array($0.utf8) }.joined(separator: [0]))
        return Array(SHA256.hash(message).prefix(count))
    }
}
