import Foundation
import StreamTrace
import Testing

/// `streamtrace check` reads a trace with the parallel scanner; the
/// queries must decide exactly as when the trace is read line by line, and
/// a trace split into chunks anywhere must decide as a whole one does.
@Suite(.cpuBound) struct ScannedCheckTests {
    static let queries = [
        "next", "next 2", "prefix 3", "not prefix 40", "single", "last", "count", "count within 1ms", "elements",
        "available within 300us", "completion", "failure", "finished", "not finished within 1us", "recording",
        "next where > 0", "not next where == \"z\"", "last within 100ms",
    ]

    /// The result of every query, as text: status, value, message, timeline, location.
    func outcomes(_ results: some Sequence<QueryResult>) -> [String] {
        results.map { result in
            "\(result.status) \(result.output?.text ?? "-") \(result.failure?.explanation ?? "-") \(result.location.map { "\($0)" } ?? "-")"
        }
    }

    @Test(arguments: 0..<40)
    func chunksOfAnySizeDecideAsOneReadDoes(seed: Int) throws {
        var random = RandomTrace(seed: UInt64(seed) &* 7919)
        let lines = random.trace(events: Int.random(in: 0...120, using: &random.random))
        let bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        let checker = TraceChecker(queries: try Self.queries.map { try Query($0) })
        let reopen = { try TraceReader(bytes: bytes) }
        let expected = outcomes(try checker.evaluations(of: TraceReader(bytes: bytes), reopen: reopen))
        for (parallelism, readSize) in [(1, 1 << 20), (3, 64), (7, 13), (16, 1)] {
            let options = TraceScanOptions(parallelism: parallelism, readSize: readSize, minimumChunkBytes: 1)
            let scanned = outcomes(try checker.evaluations(scanning: bytes, options: options))
            #expect(scanned == expected, "parallelism \(parallelism), reads of \(readSize) bytes")
        }
    }

    @Test func aMalformedLineAtAChunkBorderIsTheSameError() throws {
        var text = #"{"streamtrace":1}"# + "\n"
        for i in 0..<200 { text += #"{"t":\#(i),"event":"value","value":\#(i)}"# + "\n" }
        text += #"{"t":1,"event":"value","value":0}"# + "\n"
        let bytes = Array(text.utf8)
        let checker = TraceChecker(queries: [try Query("count")])
        let expected = #expect(throws: TraceReadError.self) {
            _ = try checker.evaluations(of: TraceReader(bytes: bytes))
        }
        for parallelism in [2, 5, 11] {
            let options = TraceScanOptions(parallelism: parallelism, readSize: 100, minimumChunkBytes: 1)
            let scanned = #expect(throws: TraceReadError.self) {
                _ = try checker.evaluations(scanning: bytes, options: options)
            }
            #expect(scanned == expected)
        }
    }
}
