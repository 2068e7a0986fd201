// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `show --format html`: the page as written, without a browser (the
/// browser tests are in StreamTraceBrowserTests).
@Suite struct ShowPageCommandTests {
    static let template = try! String(
        contentsOf: CommandRunner.root.appendingPathComponent("Sources/StreamTraceCLI/Timeline/timeline.html"),
        encoding: .utf8)

    /// The page's data block: what stands where the template's placeholder is.
    static func dataBlock(of page: String) throws -> String {
        let parts = template.components(separatedBy: "@@STREAMTRACE_DATA@@")
        try #require(parts.count == 2)
        try #require(page.hasPrefix(parts[0]) && page.hasSuffix(parts[1]), "the page is the template around its data")
        return String(page.dropFirst(parts[0].count).dropLast(parts[1].count))
    }

    @Test func thePageIsTheTemplateAroundADataBlockWrittenAsTheTracesAreRead() async throws {
        let trace = """
            {"streamtrace":1,"stream":"search results","clock":"continuous","started":"2026-11-22T10:00:00.123Z"}
            {"t":0,"event":"subscribe"}

            {"t":120000,"event":"request","demand":"unlimited"}
            {"t":1200000,"event":"value","value":{ "query" : "s", "results": [], "n": 12345678901234567890 }}
            {"t":3000000,"event":"failure","error":{"type":"E","message":"m"},"value":1}

            """
        let path = try CommandRunner.traceFile(trace, name: "a-\(UUID().uuidString).jsonl")
        let result = try await CommandRunner.run(["show", "--format", "html", path])
        #expect(result.status == 0, "\(result)")
        #expect(
            try Self.dataBlock(of: result.stdout) == """
                {"format":2,"title":"search results","alignment":"started","origin":"2026-11-22T10:00:00.123Z",\
                "lanes":[{"stream":"search results","file":"\(path)","status":"failed","clock":"continuous",\
                "offset":0,"events":4}]}
                [2,0,2,1,120000,2,0,1080000,1,4,1800000,1]
                "unlimited"
                {"query":"s","results":[],"n":12345678901234567890}
                {"error":{"type":"E","message":"m"},"value":1}
                """)
    }

    @Test func severalTracesAreLanesOnOneAxisWithTheirOffsets() async throws {
        let folder = try TraceFolder([
            "cart.jsonl": ShowStreamsCommandTests.cart, "payments.jsonl": ShowStreamsCommandTests.payments,
        ]).path
        let result = try await CommandRunner.run(["show", "--format", "html", "--title", "Checkout", folder])
        #expect(result.status == 0, "\(result)")
        let lines = try Self.dataBlock(of: result.stdout).components(separatedBy: "\n")
        #expect(
            lines[0].hasPrefix(
                #"{"format":2,"title":"Checkout","alignment":"at","origin":null,"lanes":[{"stream":"cart""#))
        #expect(lines[0].contains(#""status":"failed","clock":"virtual","offset":5000000,"events":4}]}"#))
        #expect(
            Array(lines.dropFirst()) == [
                "[2,0,2,0,5000000,1,0,7000000,1,3,0,1]", "[2,0,2,1,1000000,1,0,2000000,1,4,17000000,1]",
                "3", "4", #""unlimited""#, #""authorizing""#,
                #"{"error":{"type":"PaymentError","message":"declined"}}"#,
            ])
    }

    @Test func traceTextCannotEndTheScriptElementOrReachATerminalRaw() async throws {
        let trace =
            [
                #"{"streamtrace":1,"stream":"</script><script>alert(1)</script><!--\u001b[2J\u202e"}"#,
                #"{"t":1000,"event":"value","value":"</script><img src=x onerror=alert(2)><!-- & \u2028"}"#,
                #"{"t":2000,"event":"value","value":{"raw":"a"# + "\u{2028}\u{9B}\u{202E}" + #"b","<k>":"&amp;"}}"#,
                #"{"t":3000,"event":"failure","error":{"type":"<E>","message":"</script>\u0007"}}"#,
            ].joined(separator: "\n") + "\n"
        let result = try await CommandRunner.run(["show", "--format", "html", "-"], stdin: trace)
        #expect(result.status == 0, "\(result)")
        let page = result.stdout
        #expect(
            page.components(separatedBy: "</script").count == Self.template.components(separatedBy: "</script").count)
        #expect(page.components(separatedBy: "<!--").count == Self.template.components(separatedBy: "<!--").count)
        let data = try Self.dataBlock(of: page)
        #expect(!data.contains("<") && !data.contains(">") && !data.contains("&"))
        #expect(!data.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(!data.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{202E}" })
        #expect(data.contains(#"{"raw":"a\u2028\u009b\u202eb","\u003ck\u003e":"\u0026amp;"}"#))
    }

    @Test func thePageNeedsNothingFromTheNetwork() {
        #expect(Self.template.contains(#"content="default-src 'none'; script-src 'sha256-"#))
        for reference in ["http:", "https:", "src=", "href=", "@import", "url("] {
            #expect(!Self.template.contains(reference), "the template refers to \(reference)")
        }
    }

    @Test func aMalformedTracePrintsNoPageAndATerminalGetsNone() async throws {
        let malformed = try await CommandRunner.run(
            ["show", "--format", "html", "-"],
            stdin: #"{"streamtrace":1}"# + "\n" + #"{"t":-1,"event":"finished"}"# + "\n")
        #expect(malformed.status == 3)
        #expect(malformed.stdout.isEmpty)
        let terminal = try await TerminalRunner.run(
            ["show", "--format", "html", CommandRunner.sample("search.jsonl")], columns: 80)
        #expect(terminal.status == 2)
        #expect(terminal.output.isEmpty)
        #expect(terminal.stderr.hasPrefix("streamtrace: error: --format html writes a web page: send it to a file"))
    }
}
#endif
