import Foundation
import StreamTrace

/// The project's JSON parser beside Foundation's, on the values of the
/// realistic trace (every shape it has: numbers, strings with escapes,
/// objects, arrays, nested): each value's text parsed into a tree by
/// `JSONParser` (a `JSONValue`), by `JSONSerialization` and by `JSONDecoder`
/// (into a `Decodable` that takes any JSON), and only validated by
/// `JSONParser`, in the same rounds. The reader and `check` validate every
/// value and build one only when asked: these rows say what the parser
/// saves there (docs/performance.md, "JSON").
struct JSONBench {
    let options: BenchOptions
    /// How much value text the rows parse (Foundation takes seconds a round).
    static let megabytes = 8

    func rows() -> [String] {
        let path = options.directory + "/realistic-\(options.checkSizes.min() ?? 200)MB.jsonl"
        _ = RealisticTrace.ensure(path: path, megabytes: options.checkSizes.min() ?? 200)
        guard let (text, ranges) = try? Self.values(of: path, upTo: Self.megabytes << 20) else {
            return ["| JSON parsing | could not read \(path) | – | – |"]
        }
        let data = Data(text)
        let mb = Double(text.count) / 1e6
        let decoder = JSONDecoder()
        var seconds: [[Double]] = Array(repeating: [], count: 4)
        var built = Array(repeating: 0, count: 4)
        for _ in 0..<options.repeats {
            seconds[0].append(Measure.seconds { built[0] = Self.parse(text, ranges, build: true) })
            seconds[1].append(Measure.seconds { built[1] = Self.parse(text, ranges, build: false) })
            seconds[2].append(
                Measure.seconds {
                    built[2] =
                        ranges.filter {
                            (try? JSONSerialization.jsonObject(with: data[$0], options: .fragmentsAllowed)) != nil
                        }.count
                })
            seconds[3].append(
                Measure.seconds {
                    built[3] = ranges.filter { (try? decoder.decode(AnyJSON.self, from: data[$0])) != nil }.count
                })
        }
        let rate = { (index: Int) in String(format: "%.0f MB/s", mb / Measure.median(seconds[index])) }
        let ratio = { (baseline: Int, measured: Int) -> String in
            String(format: "%.1f×", Measure.ratio(seconds[baseline], seconds[measured]))
        }
        let same = Set(built).count == 1 ? "" : " (values parsed: \(built): they differ)"
        let what = String(format: "%.1f MB of the realistic trace's values (%d values)", mb, ranges.count)
        return [
            "| JSON: \(what) parsed into a tree, `JSONParser` vs `JSONSerialization`\(same) | \(rate(0)) | "
                + "\(rate(2)) | \(ratio(2, 0)) |",
            "| JSON: the same, `JSONParser` vs `JSONDecoder` into an any-JSON `Decodable` | \(rate(0)) | "
                + "\(rate(3)) | \(ratio(3, 0)) |",
            "| JSON: the same only validated (`JSONParser.skipValue`, the exact parser the reader falls back "
                + "on; its fast path is faster), vs `JSONSerialization` | \(rate(1)) | \(rate(2)) | \(ratio(2, 1)) |",
        ]
    }

    /// The first `limit` bytes of value text in the trace at `path`: the
    /// texts one after the other, and where each is.
    static func values(of path: String, upTo limit: Int) throws -> ([UInt8], [Range<Int>]) {
        let reader = try TraceReader(path: path)
        var text: [UInt8] = []
        var ranges: [Range<Int>] = []
        while text.count < limit, let head = try reader.nextHead() {
            guard head.kind == .value, let bytes = reader.currentValueBytes else { continue }
            ranges.append(text.count..<text.count + bytes.count)
            text.append(contentsOf: bytes)
        }
        return (text, ranges)
    }

    /// How many values `JSONParser` parsed (into trees with `build`, else
    /// only validated).
    static func parse(_ text: [UInt8], _ ranges: [Range<Int>], build: Bool) -> Int {
        text.withUnsafeBytes { raw in
            ranges.filter { range in
                var parser = JSONParser(UnsafeRawBufferPointer(rebasing: raw[range]))
                return build ? (try? parser.parseValue()) != nil : (try? parser.skipValue()) != nil
            }.count
        }
    }
}

/// Any JSON value, decoded: what `JSONDecoder` builds for the rows.
private enum AnyJSON: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(AnyJSON.self)) }
            self = .array(elements)
        } else if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try Dictionary(
                    uniqueKeysWithValues: object.allKeys.map {
                        ($0.stringValue, try object.decode(AnyJSON.self, forKey: $0))
                    }))
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
