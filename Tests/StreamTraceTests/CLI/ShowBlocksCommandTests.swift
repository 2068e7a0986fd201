// Runs the built binary, which macOS and Linux can.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `show` of a trace large enough to be read in blocks on every core (over
/// 8 MiB): the same bytes as its events rendered one at a time from the line
/// reader, as `show` rendered them before it read in blocks — rows at the
/// blocks' borders, values lettered alike on the diagram, values not in
/// normal form, text a terminal must not see raw, and a value over 1 MiB.
@Suite(.cpuBound) struct ShowBlocksCommandTests {
    /// Values of every kind of row, in turn.
    static let values = [
        "7", "-0.5e3", #""plain text""#, #""en dash \u2013 and caf\u00e9""#, #""e\u0301 combining""#,
        #""escape \u001b[2J bell \u0007""#, #""日本語のテキスト🚀""#, #"{"b":1,"a":[true,null],"b":2}"#,
        #"{ "spaced" : [ 1 , 2 ] }"#, #"[1,2,3,{"k":"v"}]"#, #""tab\tand newline\n""#,
    ]

    /// A trace of about 12 MB: requests now and then, a value of 1.5 MiB
    /// twice, and a failure at the end.
    static func trace() throws -> String {
        var text = #"{"streamtrace":1,"stream":"blocks"}"# + "\n" + #"{"t":0,"event":"subscribe"}"# + "\n"
        let huge = "\"" + String(repeating: "x", count: 3 << 19) + "\""
        for i in 0..<150_000 {
            let t = 1000 + i * 37
            if i % 997 == 0 { text += #"{"t":\#(t),"event":"request","demand":\#(i % 5 + 1)}"# + "\n" }
            let value = i == 40_000 || i == 90_001 ? huge : values[i % values.count]
            text += #"{"t":\#(t),"event":"value","value":\#(value)}"# + "\n"
        }
        text += #"{"t":9000000,"event":"failure","error":{"type":"Timeout","message":"too slow"}}"# + "\n"
        return try CommandRunner.traceFile(text)
    }

    /// The rows, then the diagram, rendered event by event from the line reader.
    static func textByLineReader(_ path: String, width: Int) throws -> String {
        let timeline = TraceTimeline(summary: try TraceSummary(reading: TraceReader(path: path)), width: width)
        var lines = timeline.summaryLines + ["", timeline.headerRow]
        var (marble, previous) = (timeline.makeMarble(), Int64(0))
        var (rewriter, row) = (JSONRewriter(), JSONOutput())
        let reader = try TraceReader(path: path)
        while let head = try reader.nextHead() {
            let value = reader.currentValueBytes
            row.removeAll()
            let text = timeline.appendRow(
                head, value: value, previousTime: previous, rewriter: &rewriter, into: &row)
            if let text {
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(TerminalText.escaped)
            } else {
                lines.append(String(decoding: row.bytes, as: UTF8.self))
            }
            if let value {
                let (hash, length) = rewriter.hashNormal(value)
                let label = ValueText.truncated(lead: "", json: value, to: timeline.diagramWidth, rewriter: &rewriter)
                marble.appendValue(.init(hash: hash, length: length), label: label, at: head.nanoseconds)
            } else if let symbol = MarbleTheme.symbol(head.kind) {
                marble.append(symbol, at: head.nanoseconds)
            }
            previous = head.nanoseconds
        }
        return (lines + [""] + timeline.diagramLines(marble)).joined(separator: "\n") + "\n"
    }

    /// The header and each event in normal form, from the line reader.
    static func jsonByLineReader(_ path: String) throws -> String {
        let reader = try TraceReader(path: path)
        let encoder = TraceLineEncoder<JSONValue, TraceFailure>()
        var (output, rewriter) = (JSONOutput(), JSONRewriter())
        encoder.encode(reader.header, into: &output)
        output.append("\n")
        while let head = try reader.nextHead() {
            if let value = reader.currentValueBytes {
                output.append("{\"t\":")
                output.write(int: head.nanoseconds)
                output.append(",\"event\":\"value\",\"value\":")
                rewriter.writeNormal(value, into: &output)
                output.append("}")
            } else {
                encoder.encode(TraceReader.event(head, value: nil), into: &output)
            }
            output.append("\n")
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The first line where two outputs differ, both sides of it; `nil`
    /// for the same bytes (a failure names one line, not 12 MB).
    static func firstDifference(_ actual: String, _ expected: String) -> String? {
        guard actual != expected else { return nil }
        let (a, e) = (actual.split(separator: "\n"), expected.split(separator: "\n"))
        for i in 0..<max(a.count, e.count) where i >= a.count || i >= e.count || a[i] != e[i] {
            return "line \(i + 1): \(i < a.count ? String(a[i].prefix(200)) : "none") "
                + "instead of \(i < e.count ? String(e[i].prefix(200)) : "none")"
        }
        return "\(actual.utf8.count) bytes instead of \(expected.utf8.count)"
    }

    @Test func textOfATraceReadInBlocksIsTheLineReadersRendering() async throws {
        let path = try Self.trace()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CommandRunner.run(["show", "--width", "80", path])
        #expect(result.status == 0)
        let expected = try Self.textByLineReader(path, width: 80)
        #expect(Self.firstDifference(result.stdout, expected) == nil)
        #expect(result.stdout.contains("failure    Timeout: too slow"))
    }

    @Test func jsonOfATraceReadInBlocksIsTheLineReadersNormalForm() async throws {
        let path = try Self.trace()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CommandRunner.run(["show", "--format", "json", path])
        #expect(result.status == 0)
        let expected = try Self.jsonByLineReader(path)
        #expect(Self.firstDifference(result.stdout, expected) == nil)
        #expect(result.stdout.contains(#"{"b":2,"a":[true,null]}"#))
    }
}
#endif
