// Runs the built binaries: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `check --group DIR -e "order STREAM [MATCHER] before STREAM [MATCHER]"`: the order of two streams' events in a
/// folder of three streams recorded on one clock, events at one time in the group's recorded order.
@Suite struct OrderCommandTests {
    /// The order queries over the checkout folder (``CheckoutGroupFolder``): at 2 ms, `query:"sw"`, then `results:"x"`,
    /// then `requests:"sw"`; at 4 ms `results:"y"`, then the ends of query, requests and results.
    static let queries = [
        #"order results == "x" before requests == "sw""#, #"order requests == "sw" before results == "x""#,
        #"not order query finished before results finished"#, #"order query == "sw" before results"#,
    ]

    @Test func orderQueriesPassAndFailAsTheRecordedSequenceSaysTheSameEveryRun() async throws {
        let root = try temporaryDirectory()
        var outputs: Set<String> = []
        for _ in 1...3 {
            try? FileManager.default.removeItem(atPath: root + "/checkout")
            try await CheckoutGroupFolder.record(at: root + "/checkout")
            let result = try await CommandRunner.run(
                ["check", "--group", root + "/checkout"] + Self.queries.flatMap { ["-e", $0] })
            #expect(result.status == 1, "\(result)")
            outputs.insert(result.stdout.replacingOccurrences(of: root, with: "ROOT"))
        }
        let failures = [
            #"order requests == "sw" before results == "x"  expected requests == "sw" before results == "x", "#
                + #"but results:"x" came first (ROOT/checkout/results.jsonl:2, t=+2ms)"#,
            "not order query finished before results finished  expected query finished not before results "
                + "finished, but query:finished came first (ROOT/checkout/query.jsonl:4, t=+4ms)",
        ]
        let lanes = ["requests: …a---b---|", "query:    …----b---|", "results:  …----c---(d|)"]
        let legend = [#"a = "s""#, #"b = "sw""#, #"c = "x""#, #"d = "y""#]
        let expected =
            ["ROOT/checkout", #"  PASS  order results == "x" before requests == "sw""#, "  FAIL  " + failures[0]]
            + (lanes + [String(repeating: " ", count: 15) + "^"] + legend).map { "        " + $0 }
            + ["        query:b before results:c before requests:b at t=+2ms", "  FAIL  " + failures[1]]
            + (lanes + [String(repeating: " ", count: 19) + "^"] + legend).map { "        " + $0 }
            + [
                "        results:d before query:| before requests:| before results:| at t=+4ms",
                #"  PASS  order query == "sw" before results"#, "2 passed, 2 failed", "",
            ]
        #expect(outputs == [expected.joined(separator: "\n")])
    }

    /// docs/queries.md's example (which the transcript tests run on docs/examples/search/): the folder is what the
    /// library records, and the output what the command prints on a folder recorded now.
    @Test func theDocumentationExampleReadsAFolderTheLibraryWrites() async throws {
        let docs = try String(
            contentsOf: GeneratedDocs.root.appendingPathComponent("docs/queries.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "### `order`").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```console\n").dropFirst().first)
        let lines = block.components(separatedBy: "\n")
        let end = try #require(lines.firstIndex(of: "$ echo $?"))
        let root = try temporaryDirectory()
        try await CheckoutGroupFolder.record(at: root + "/search")
        for stream in ["query", "requests", "results"] {
            let example = GeneratedDocs.root.appendingPathComponent("docs/examples/search/\(stream).jsonl")
            #expect(
                try String(contentsOfFile: root + "/search/\(stream).jsonl", encoding: .utf8)
                    == (try String(contentsOf: example, encoding: .utf8)))
        }
        let result = try await CommandRunner.run([
            "check", "--group", root + "/search", "-e", #"order results == "x" before requests == "sw""#, "-e",
            #"order requests == "sw" before results == "x""#,
        ])
        #expect(lines[0].hasPrefix("$ streamtrace check --group search -e 'order results"))
        #expect(result.lines.map { $0.replacingOccurrences(of: root + "/", with: "") } == Array(lines[1..<end]))
        #expect(lines[end + 1] == "\(result.status)")
    }

    @Test func theReasonsAreStableInJSON() async throws {
        let folder = try temporaryDirectory() + "/checkout"
        try await CheckoutGroupFolder.record(at: folder)
        let json = try await CommandRunner.run(
            ["check", "--group", "--format", "json", folder] + Self.queries.flatMap { ["-e", $0] })
        let traces = try #require(try JSONDocument(json.stdout)["traces"] as? [[String: Any]])
        let results = try #require(traces.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? String } == ["pass", "fail", "fail", "pass"])
        #expect(results.map { $0["reason"] as? String } == [nil, "outOfOrder", "invertedFulfilled", nil])
        // Each result at the member file of the event that decided it, a pass's too.
        let files = ["results", "results", "query", "query"].map { folder + "/\($0).jsonl" }
        #expect(results.map { $0["trace"] as? String } == files)
    }
}
#endif
