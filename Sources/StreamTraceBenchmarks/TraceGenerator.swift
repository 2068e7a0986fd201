import Foundation
import StreamTrace

/// Writes a large trace with StreamTrace's own writer: integers, strings
/// and small objects in turn, the way an app's trace looks.
enum TraceGenerator {
    struct Item: Encodable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double
    }

    /// Creates the trace at `path` unless a trace of at least that size is
    /// there already; returns its size in bytes.
    static func ensure(path: String, megabytes: Int) -> Int {
        let target = megabytes * 1_000_000
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size >= target {
            return size
        }
        // Written line by line (a recorder would also keep every value in memory).
        let sink = try! FileTraceSink(path: path, bufferSize: 1 << 20)
        let encoder = TraceLineEncoder<JSONValue, Never>()
        var line = JSONOutput()
        func emit(_ event: RecordedEvent<JSONValue, Never>) { encoder.write(event, to: sink, line: &line) }
        encoder.write(TraceHeader(stream: "generated", clock: "continuous"), to: sink, line: &line)
        emit(RecordedEvent(nanoseconds: 0, event: .subscribe))
        emit(RecordedEvent(nanoseconds: 100, event: .request(.unlimited)))
        var i = 0
        var written = 0
        while written < target {
            let value: JSONValue
            switch i % 3 {
            case 0: value = .number(JSONNumber(i * 7919))
            case 1: value = .string("search result \(i) – café")
            default:
                value = ["id": .number(JSONNumber(i)), "name": "item", "tags": ["a", "b"], "score": 0.25]
            }
            emit(RecordedEvent(nanoseconds: Int64(1000 + i * 250), event: .value(value)))
            written += line.bytes.count + 1
            i += 1
        }
        emit(RecordedEvent(nanoseconds: Int64(1000 + i * 250), event: .finished))
        sink.close()
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
