// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `--format json` and `--format github` for tools: stable reasons, and
/// escaping that no trace can break.
@Suite struct ReportFormatTests {
    /// A value, a stream name and an error built to break every format:
    /// markup, quotes, `]]>`, control characters, a newline, workflow
    /// command syntax and its escapes.
    static let hostile =
        "<b>&amp;</b> \"'` ]]> |*_[x](y) @all $x$ :: ,%0A%25\u{1}\u{1B}[2J\u{7F}\u{202E}\u{FFFE}\r\n::error::forged"

    static var hostileTrace: String {
        let value = String(decoding: try! JSONSerialization.data(withJSONObject: [hostile]), as: UTF8.self).dropFirst()
            .dropLast()
        return """
            {"streamtrace":1,"stream":\(value)}
            {"t":0,"event":"value","value":\(value)}
            {"t":5,"event":"failure","error":{"type":\(value),"message":\(value)}}

            """
    }

    @Test(arguments: [
        (TraceFolder.open, "finished", "notCompleted"), (TraceFolder.finished, "next 4", "notEnoughElements"),
        (TraceFolder.finished, "single", "tooManyElements"), (TraceFolder.failed, "finished", "streamFailed"),
        (TraceFolder.finished, "failure", "streamFinished"), (TraceFolder.finished, "count == 9", "mismatch"),
        (TraceFolder.finished, "next where == \"z\"", "noMatchingElement"),
        (TraceFolder.finished, "not next", "invertedFulfilled"),
    ])
    func everyFailureInJSONCarriesAStableReason(trace: String, query: String, reason: String) async throws {
        let path = try CommandRunner.traceFile(trace)
        let one = try await CommandRunner.run(["check", "--format", "json", path, query])
        let results = try #require(try JSONDocument(one.stdout)["results"] as? [[String: Any]])
        #expect(results.first?["reason"] as? String == reason, "\(one)")
        #expect(results.first?["message"] is String)
        let many = try await CommandRunner.run(["check", "--format", "json", "-e", query, path])
        let traces = try #require(try JSONDocument(many.stdout)["traces"] as? [[String: Any]])
        let result = try #require((traces.first?["results"] as? [[String: Any]])?.first)
        #expect(result["reason"] as? String == reason, "\(many)")
        #expect(result["specLine"] is NSNull)
    }

    @Test func jsonStaysOneValidDocumentWhateverTheTraceHolds() async throws {
        let folder = try TraceFolder(["hostile \"\\\u{1}.jsonl": Self.hostileTrace])
        let result = try await CommandRunner.run([
            "check", "--format", "json", "-e", "last", "-e", "finished", folder.path,
        ])
        #expect(result.lines.count == 1, "one line: \(result)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters escaped")
        let trace = try #require((try JSONDocument(result.stdout)["traces"] as? [[String: Any]])?.first)
        #expect(trace["path"] as? String == folder("hostile \"\\\u{1}.jsonl"))
        let results = try #require(trace["results"] as? [[String: Any]])
        #expect(results.first?["query"] as? String == "last")
        #expect((results.last?["message"] as? String)?.contains("<b>&amp;</b> \"'` ]]>") == true)
    }

    @Test func anUnreadableTraceIsAFailedResultWhoseReasonIsUnreadable() async throws {
        let folder = try TraceFolder(["bad.jsonl": TraceFolder.malformed])
        let result = try await CommandRunner.run(["check", "--format", "json", "-e", "finished", folder.path])
        let document = try JSONDocument(result.stdout)
        let trace = try #require((document["traces"] as? [[String: Any]])?.first)
        #expect(trace["status"] as? String == "unreadable")
        let failure = try #require((trace["results"] as? [[String: Any]])?.first)
        #expect(failure["reason"] as? String == "unreadable")
        #expect(failure["line"] as? Int == 2)
        #expect(document["failed"] as? Int == 1)
    }

    @Test func githubAnnotationsAreOneLineEachWithEscapedPropertiesAndMessages() async throws {
        let folder = try TraceFolder([:])
        let name = "we,ird:dir%25/new\nline.jsonl"
        try folder.write(name, Self.hostileTrace)
        let spec = try CommandRunner.traceFile("finished\n", name: "\(UUID().uuidString).spec")
        let result = try await CommandRunner.run([
            "check", "--format", "github", "--spec", spec, "-e", "count == 2", folder.path,
        ])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 3, "\(result)")
        #expect(result.lines.last == "0 passed, 2 failed")
        let path = WorkflowCommandText.property(folder(name))
        // A -e query points at the trace and the deciding event's line; a spec query at its line.
        #expect(
            result.lines[0].hasPrefix("::error file=\(path),line=3,title=\(path)%3A count == 2::expected == 2, got 1"))
        #expect(result.lines[1].hasPrefix("::error file=\(spec),line=1,title=\(path)%3A finished::"))
        // The message is everything after the properties' `::` (it may hold `::` itself).
        let message = result.lines[1].components(separatedBy: "::").dropFirst(2).joined(separator: "::")
        // The value's own `%0A` and `%25` stay text; its CR and LF (escaped by the message) never end the line.
        #expect(message.contains("%250A%2525"), "\(message)")
        #expect(!result.lines[1].contains("\u{1B}") && !result.lines[1].contains("\r"))
        #expect(result.lines.filter { $0.hasPrefix("::") }.count == 2)
    }

    @Test func theStepSummaryAppendsAMarkdownTableOfEveryResultThatNoValueCanBreak() async throws {
        let folder = try TraceFolder(["a.jsonl": TraceFolder.finished, "hostile.jsonl": Self.hostileTrace])
        let summary = try CommandRunner.traceFile("previous step\n", name: "\(UUID().uuidString).md")
        let result = try await CommandRunner.run(
            ["check", "--format", "github", "-e", "last", "-e", "finished", folder.path],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 1, "\(result)")
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(
            text.hasPrefix(
                "previous step\n\n### streamtrace check\n\n|   | trace | query | result |\n|---|---|---|---|\n"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("|   |") }
        #expect(rows.count == 4, "\(text)")
        for row in rows {
            #expect(row.filter { $0 == "|" }.count == 5, "a cell ends early: \(row)")
        }
        #expect(rows[0] == "| ✅ | \(MarkdownText.cell(folder("a.jsonl"))) | last | &#34;c&#34; |")
        for raw in ["<b>", "`", "](", "@all", "\u{1B}", "\r"] { #expect(!text.contains(raw), "\(raw) in the summary") }
        #expect(text.hasSuffix("\n**2 passed, 2 failed**\n"))
    }

    @Test func oneTraceWithPositionalQueriesHasTheCIFormatsToo() async throws {
        let path = try CommandRunner.traceFile(TraceFolder.finished)
        let report = temporaryPath("\(UUID().uuidString).xml")
        let result = try await CommandRunner.run([
            "check", "--format", "github", "--xunit-output", report, path, "count", "single",
        ])
        #expect(result.status == 1, "\(result)")
        let file = WorkflowCommandText.property(path)
        #expect(
            result.lines == [
                "::error file=\(file),line=6,title=\(file)%3A single::expected exactly one element, got 3 (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\"",
                "1 passed, 1 failed",
            ], "\(result)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testsuite ").count == 2, "one suite")
        #expect(
            xml.contains(
                #"<failure message="expected exactly one element, got 3 (line 6, t=+10ms)" type="tooManyElements">"#))
    }

    @Test func withoutGitHubStepSummaryNoSummaryIsWritten() async throws {
        let folder = try TraceFolder(["a.jsonl": TraceFolder.finished])
        let result = try await CommandRunner.run(
            ["check", "--format", "github", "-e", "finished", folder.path], environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(result.lines == ["1 passed, 0 failed"], "\(result)")
    }
}

/// The workflow-command escaping of a property, to build expected lines.
enum WorkflowCommandText {
    static func property(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}

/// A Markdown cell as the step summary writes it, to build expected rows.
enum MarkdownText {
    static func cell(_ text: String) -> String {
        let special = Set("&<>\"'|\\`*_[]~$@#!:".unicodeScalars)
        return text.unicodeScalars.map { special.contains($0) ? "&#\($0.value);" : String($0) }.joined()
    }
}
#endif
