// Runs the built binaries: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `check --group DIR`, `[group GLOB]` and `STREAM: QUERY`: a folder read as one group, its merged cursor and its
/// streams' own, failures at the member file and line.
@Suite struct GroupCheckCommandTests {
    /// The checkout folder (three streams on one clock, ``CheckoutGroupFolder``), recorded in a new directory.
    func checkout() async throws -> String {
        let folder = try temporaryDirectory() + "/checkout"
        try await CheckoutGroupFolder.record(at: folder)
        return folder
    }

    static let elements = CheckoutGroupFolder.elements

    @Test func theMergedCursorGivesTheNextEventOfAnyStreamInTheRecordedOrder() async throws {
        let folder = try await checkout()
        let result = try await CommandRunner.run([
            "check", "--group", folder, "-e", "next", "-e", "next where contains {\"stream\":\"results\"}", "-e",
            "elements", "-e", "count", "-e", "finished",
        ])
        #expect(result.status == 0, "\(result)")
        // The query column is as wide as the widest query, at most 32.
        let values = [
            ("next", Self.elements[0]), ("next where contains {\"stream\":\"results\"}", Self.elements[3]),
            ("elements", "[\(Self.elements.joined(separator: ","))]"), ("count", "9"),
        ]
        let passes = values.map { query, value in
            "  PASS  \(query.padding(toLength: max(query.count, 32), withPad: " ", startingAt: 0))  \(value)"
        }
        #expect(result.lines == [folder] + passes + ["  PASS  finished", "5 passed, 0 failed"], "\(result)")
    }

    @Test func aFailurePointsAtTheMemberFileAndLineOfTheDecidingEvent() async throws {
        let folder = try await checkout()
        let result = try await CommandRunner.run([
            "check", "--group", folder, "-e", "next where contains {\"stream\":\"results\"}", "-e",
            "next == {\"stream\":\"query\",\"event\":\"finished\"}",
        ])
        #expect(result.status == 1, "\(result)")
        // A failure over the group's events ends with its lanes (GroupTimeline), the deciding event marked.
        #expect(
            Array(result.lines[2...]) == [
                "  FAIL  next == {\"stream\":\"query\",\"event\":\"finished\"}  expected == "
                    + "{\"stream\":\"query\",\"event\":\"finished\"}, got \(Self.elements[4]) (\(folder)/requests.jsonl:3, "
                    + "t=+2ms)",
                "        requests: …a---b---|",
                "        query:    …----b---|",
                "        results:  …----c---(d|)",
                "                       ^",
                "        a = \"s\"",
                "        b = \"sw\"",
                "        c = \"x\"",
                "        d = \"y\"",
                "        query:b before results:c before requests:b at t=+2ms",
                "1 passed, 1 failed",
            ], "\(result)")
        #expect(result.lines.last == "1 passed, 1 failed")
    }

    @Test func queriesNamingAStreamReadItAloneWithTheirOwnCursorBesideTheMergedOne() async throws {
        let folder = try await checkout()
        let result = try await CommandRunner.run([
            "check", "--group", folder, "-e", "results: next == \"x\"", "-e", "next", "-e", "results: next == \"x\"",
            "-e", "\"query\": elements == [\"s\",\"sw\"]", "-e", "requests.jsonl: count == 2",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.lines == [
                folder,
                "  PASS  results: next == \"x\"             \"x\"",
                "  PASS  next                             \(Self.elements[0])",
                "  FAIL  results: next == \"x\"             expected == \"x\", got \"y\" (\(folder)/results.jsonl:3, "
                    + "t=+4ms); recent: ---a---(b|)  a = \"x\", b = \"y\"",
                "  PASS  \"query\": elements == [\"s\",\"sw\"]  [\"s\",\"sw\"]",
                "  PASS  requests.jsonl: count == 2       2",
                "4 passed, 1 failed",
            ], "\(result)")
    }

    @Test func jsonGitHubAndJUnitReportsNameTheMemberFileAndLine() async throws {
        let folder = try await checkout()
        let queries = ["-e", "next == 3", "-e", "results: next == \"y\""]
        let json = try await CommandRunner.run(["check", "--group", "--format", "json", folder] + queries)
        let traces = try #require(try JSONDocument(json.stdout)["traces"] as? [[String: Any]])
        let results = try #require(traces.first?["results"] as? [[String: Any]])
        #expect(traces.first?["path"] as? String == folder)
        #expect(results.map { $0["trace"] as? String } == [folder + "/query.jsonl", folder + "/results.jsonl"])
        #expect(results.map { $0["line"] as? Int } == [2, 2])
        #expect(results.map { $0["t"] as? Int } == [0, 2_000_000])
        let github = try await CommandRunner.run(["check", "--group", "--format", "github", folder] + queries)
        #expect(github.status == 1, "\(github)")
        #expect(
            github.lines[1]
                == "::error file=\(folder)/results.jsonl,line=2,title=\(folder)%3A results%3A next == \"y\"::expected "
                + "== \"y\", got \"x\" (\(folder)/results.jsonl:2, t=+2ms); recent: ---a---(b|)  a = \"x\", b = \"y\"")
        let xml = try temporaryDirectory() + "/report.xml"
        _ = try await CommandRunner.run(["check", "--group", "--xunit-output", xml, folder] + queries)
        let report = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(report.contains("got &quot;x&quot; (\(folder)/results.jsonl:2, t=+2ms)\" type=\"mismatch\">"))
    }

    @Test func theSameFolderWrittenThreeTimesHasTheSameBytesAndTheSameCheckOutput() async throws {
        let root = try temporaryDirectory()
        var outputs: Set<String> = []
        var bytes: Set<[String]> = []
        for _ in 1...3 {
            try? FileManager.default.removeItem(atPath: root + "/checkout")
            try await CheckoutGroupFolder.record(at: root + "/checkout")
            bytes.insert(
                try ["query", "requests", "results"].map {
                    try String(contentsOfFile: root + "/checkout/\($0).jsonl", encoding: .utf8)
                })
            let result = try await CommandRunner.run([
                "check", "--group", "--format", "json", root + "/checkout", "-e", "elements", "-e", "query: last",
            ])
            outputs.insert(result.stdout)
        }
        #expect(bytes.count == 1)
        #expect(outputs.count == 1)
    }

    @Test func aRepeatedNumberInTheFolderIsTheGroupsReadErrorExit3() async throws {
        let header = "{\"streamtrace\":1,\"group\":\"g\",\"at\":0}\n"
        let line = "{\"t\":0,\"seq\":0,\"event\":\"value\",\"value\":1}\n"
        let folder = try TraceFolder(["a.jsonl": header + line, "b.jsonl": header + line])
        let result = try await CommandRunner.run(["check", "--group", folder.path, "-e", "count"])
        let error =
            "\(folder.path)/b.jsonl:2:1: \"seq\" 0 repeats the number of \(folder.path)/a.jsonl:2: each event "
            + "of a group has its own"
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr == error + "\n")
        #expect(result.lines == [folder.path, "  ERROR  " + error, "0 passed, 1 failed"])
    }

    @Test func theHelpsGroupExamplePassesOnTheCheckoutFolder() async throws {
        let help = try await CommandRunner.run(["check", "--help"])
        let lines = help.lines
        let first = try #require(lines.firstIndex { $0.contains("streamtrace check --group traces/checkout") })
        let command =
            lines[first].dropLast().trimmingCharacters(in: .whitespaces) + " "
            + lines[first + 1].trimmingCharacters(in: .whitespaces)
        let root = try temporaryDirectory()
        try await CheckoutGroupFolder.record(at: root + "/traces/checkout")
        let script = "streamtrace() { \"$0\" \"$@\"; }; cd \"$1\" && " + command
        let result = try await CommandRunner.run(
            ["-c", script, CommandRunner.binary.path, root], executable: "/bin/bash")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.last == "2 passed, 0 failed", "\(result)")
    }

    @Test func aNumberThatContradictsTheTimesIsTheGroupsReadErrorExit3() async throws {
        let header = "{\"streamtrace\":1,\"group\":\"g\",\"at\":0}\n"
        let folder = try TraceFolder([
            "a.jsonl": header + "{\"t\":0,\"seq\":5,\"event\":\"value\",\"value\":1}\n",
            "b.jsonl": header + "{\"t\":1,\"seq\":2,\"event\":\"value\",\"value\":2}\n",
        ])
        let result = try await CommandRunner.run(["check", "--group", folder.path, "-e", "count"])
        #expect(result.status == 3, "\(result)")
        #expect(
            result.stderr
                == "\(folder.path)/b.jsonl:2:1: \"seq\" 2 at t=+1ns contradicts the time: \(folder.path)/a.jsonl:2 has "
                + "\"seq\" 5, a higher number, at t=+0ns, before it\n")
    }

    @Test func aGroupSectionWithoutAGlobIsAUsageErrorAndPlainSectionsDoNotApplyToGroups() async throws {
        let empty = try CommandRunner.traceFile("count\n[group ]\nnext\n", name: "\(UUID().uuidString).spec")
        let result = try await CommandRunner.run(["check", "--spec", empty, "x"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "streamtrace: error: \(empty):2: an empty section [group ]; write [group GLOB], like [group checkout]\n"
            ),
            "\(result)")
        let folder = try await checkout()
        let spec = try CommandRunner.traceFile("count\n[*.jsonl]\nsingle\n", name: "\(UUID().uuidString).spec")
        let grouped = try await CommandRunner.run(["check", "--group", "--spec", spec, folder, folder + "/"])
        #expect(
            grouped.lines == [
                folder, "  PASS  count   9", spec, "  FAIL  [*.jsonl]  no trace matched \"*.jsonl\" (line 2)",
                "1 passed, 1 failed",
            ], "\(grouped)")
    }

    @Test func tracesWithoutAGroupAreOrderedByAtPlusTThenPathThenLine() async throws {
        let folder = try TraceFolder([
            "b.jsonl": "{\"streamtrace\":1,\"stream\":\"b\",\"at\":0}\n{\"t\":5,\"event\":\"value\",\"value\":1}\n"
                + "{\"t\":5,\"event\":\"value\",\"value\":2}\n{\"t\":7,\"event\":\"finished\"}\n",
            "a.jsonl": "{\"streamtrace\":1,\"at\":3}\n{\"t\":2,\"event\":\"value\",\"value\":3}\n"
                + "{\"t\":3,\"event\":\"finished\"}\n",
        ])
        let result = try await CommandRunner.run(["check", "--group", folder.path, "-e", "elements"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines[1]
                == "  PASS  elements  [{\"stream\":\"a\",\"event\":\"value\",\"value\":3},{\"stream\":\"b\",\"event\":"
                + "\"value\",\"value\":1},{\"stream\":\"b\",\"event\":\"value\",\"value\":2},{\"stream\":\"a\",\"event\":"
                + "\"finished\"},{\"stream\":\"b\",\"event\":\"finished\"}]", "\(result)")
    }

    @Test func anUnknownStreamOrAStreamOutsideAGroupIsAUsageError() async throws {
        let folder = try await checkout()
        let unknown = try await CommandRunner.run(["check", "--group", folder, "-e", "count", "-e", "cart: next"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix(
                "streamtrace: error: query 2: no stream \"cart\" in the group \(folder); its streams: \"query\", "
                    + "\"requests\", \"results\"\n"), "\(unknown)")
        let outside = try await CommandRunner.run(["check", "-e", "query: next", folder])
        #expect(outside.status == 2)
        #expect(
            outside.stderr.hasPrefix(
                "streamtrace: error: query 1: 'query:' reads one stream of a group: give --group DIR, or put the "
                    + "query in a [group GLOB] section\n"), "\(outside)")
    }

    @Test func aGroupSectionAppliesItsQueriesToEachDirectoryItMatchesReadAsAGroup() async throws {
        let root = try temporaryDirectory()
        try await CheckoutGroupFolder.record(at: root + "/checkout")
        let spec = try CommandRunner.traceFile(
            "count == 2\n[group check*]\nresults: last == \"y\"\nnext\n[group nothing]\nnext\n",
            name: "\(UUID().uuidString).spec")
        let result = try await CommandRunner.run(["check", "-q", "--spec", spec, root])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.lines == [
                spec, "  FAIL  [group nothing]  no directory matched \"nothing\" (line 5)", "5 passed, 1 failed",
            ], "\(result)")
    }

    @Test func theDocumentedExampleIsWhatCheckPrints() async throws {
        let docs = try String(
            contentsOf: CommandRunner.root.appendingPathComponent("docs/queries.md"), encoding: .utf8)
        let marker = "<!-- tested: GroupCheckCommandTests.theDocumentedExampleIsWhatCheckPrints -->\n```console\n"
        let start = try #require(docs.range(of: marker)).upperBound
        let end = try #require(docs.range(of: "```\n<!-- end of tested -->", range: start..<docs.endIndex)).lowerBound
        let root = try temporaryDirectory()
        try await CheckoutGroupFolder.record(at: root + "/search")
        var examples: [(command: String, output: [String], status: String)] = []
        var readsStatus = false
        for line in docs[start..<end].split(separator: "\n") {
            if line == "$ echo $?" {
                readsStatus = true
            } else if line.hasPrefix("$ ") {
                examples.append((String(line.dropFirst(2)), [], ""))
            } else if readsStatus {
                examples[examples.count - 1].status = String(line)
                readsStatus = false
            } else {
                examples[examples.count - 1].output.append(String(line))
            }
        }
        #expect(examples.map(\.status) == ["1", "2"])
        for (command, output, status) in examples {
            let script = "streamtrace() { \"$0\" \"$@\"; }; cd \"$1\" && " + command
            let result = try await CommandRunner.run(
                ["-c", script, CommandRunner.binary.path, root], executable: "/bin/bash")
            #expect(result.lines + result.stderr.split(separator: "\n").map(String.init) == output, "\(result)")
            #expect("\(result.status)" == status)
        }
    }
}
#endif
