import Foundation

/// Traces whose values all have one shape, to time `check` on each shape apps record (issue 38): the reader's speed
/// depends on what the bytes are, not only on how many there are.
enum ShapeTrace: String, CaseIterable {
    /// Small integers: `{"t":…,"event":"value","value":17}`.
    case ints
    /// Small model objects with a decimal, an array and strings, every 97th name holding an escaped quote:
    /// `{"id":17,"name":"item-17","tags":["a","b"],"score":0.0171…,"ok":false}`.
    case objects
    /// Strings of 1–2 KB of text, with an escape or a non-ASCII character now and then.
    case strings
    /// Objects and arrays nested 40 levels deep around a few scalars.
    case nesting

    /// Writes the trace of `megabytes` of this shape at `path` unless it is there; returns its size.
    @discardableResult
    func ensure(path: String, megabytes: Int) -> Int {
        let target = megabytes * 1_000_000
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size >= target {
            return size
        }
        return RealisticTrace.write(path: path, value: value) { written, _ in written < target }
    }

    /// The `i`th value.
    func value(_ i: Int) -> String {
        switch self {
        case .ints:
            return String(i % 1000)
        case .objects:
            let name = i % 97 == 0 ? "item-\\\"\(i)\\\"" : "item-\(i)"
            return "{\"id\":\(i),\"name\":\"\(name)\",\"tags\":[\"a\",\"b\"],\"score\":\(Double(i) / 997.0),"
                + "\"ok\":\(i % 2 == 0)}"
        case .strings:
            let words = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 24 + i % 24)
            let extra = i % 5 == 0 ? " \\\"quoted\\\" caf\u{E9}" : ""
            return "\"\(words)\(i)\(extra)\""
        case .nesting:
            let depth = 40
            let open = (0..<depth).map { $0 % 2 == 0 ? "{\"k\(($0 + i) % 10)\":" : "[" }.joined()
            let close = (0..<depth).reversed().map { $0 % 2 == 0 ? "}" : "]" }.joined()
            return open + "[\(i),true,null,\"x\"]" + close
        }
    }
}
