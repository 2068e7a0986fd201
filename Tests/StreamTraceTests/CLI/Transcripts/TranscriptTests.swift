// Every command-line example is a transcript a test runs.
//
// Users copy the shell examples of README.md, of docs/ and of the DocC
// articles, so each is run and its output compared, as the Swift examples
// are compiled and run (DocumentationExamplesTests):
//
// - A shell example is a ```console block: `$ COMMAND` lines (a line ending
//   in `\` continues the command), each followed by the output it prints,
//   standard output and standard error as a terminal shows them. A command
//   that exits with a status other than 0 must be followed by `$ echo $?`
//   and the status, so that the example shows it.
// - The commands run as TranscriptRunner says: one bash per block, in a
//   fresh copy of docs/examples/ (with the repository's samples/ as
//   samples/), the built streamtrace first on PATH, a fixed environment, and
//   one normalisation (the folder's absolute path reads `.`).
// - A block that shows a file the commands read (a spec, a trace) has
//   `<!-- file: PATH -->` right above it, PATH relative to that folder: the
//   block must be the file, verbatim.
// - A shell example that cannot run in a test (`make test`, `make install`)
//   is a ```sh block with `<!-- transcript: not run (REASON) -->` right
//   above it. A ```sh, ```bash or ```shell block without it fails, and so
//   does a fence without a language: say `console` for a transcript, `text`
//   for anything else.
// - STREAMTRACE_RECORD_TRANSCRIPTS=1 rewrites each command's output in the
//   documents with what it printed (then review the change, as for golden
//   traces).
#if os(macOS) || os(Linux)
import Foundation
import Testing

@Suite(.cpuBound) struct TranscriptTests {
    static let root = CommandRunner.root
    static let record = ProcessInfo.processInfo.environment["STREAMTRACE_RECORD_TRANSCRIPTS"] == "1"

    /// README.md, the Markdown files under docs/ and the DocC articles.
    static func documents() -> [String] {
        let manager = FileManager.default
        func markdown(under folder: String) -> [String] {
            let enumerator = manager.enumerator(atPath: root.appendingPathComponent(folder).path)
            return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.map { folder + "/" + $0 }
        }
        let articles = markdown(under: "Sources").filter { $0.contains(".docc/") }
        return ["README.md"] + (markdown(under: "docs") + articles).sorted()
    }

    static func blocks() throws -> [Transcript] {
        try documents().flatMap { path in
            Transcript.blocks(
                in: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), file: path)
        }
    }

    /// What is wrong with how `block` is written, if anything.
    static func problem(with block: Transcript) -> String? {
        if case .malformed(let line) = block.marker {
            return "\(block): the marker above this block is malformed: \(line); exempt a shell example with "
                + "`<!-- transcript: not run (REASON) -->`, or name the file it shows with `<!-- file: PATH -->`"
        }
        if block.language.isEmpty {
            return "\(block): a fence without a language: `console` for a shell transcript, `text` for anything else"
        }
        if Transcript.shellLanguages.contains(block.language), case .notRun = block.marker {
            return nil
        }
        if Transcript.shellLanguages.contains(block.language) {
            return "\(block): a ```\(block.language) block no test runs: write it as a ```console transcript "
                + "(`$ command`, then its output) or exempt it with `<!-- transcript: not run (REASON) -->`"
        }
        if block.language == "console", block.commands.isEmpty {
            return "\(block): a console block without a `$ command` line"
        }
        if block.language == "console", block.body.first?.hasPrefix("$ ") != true {
            return "\(block): a console block starts with its first `$ command`"
        }
        return nil
    }

    @Test func everyShellExampleIsATranscriptOrExemptedWithAReason() throws {
        let blocks = try Self.blocks()
        #expect(blocks.contains { $0.language == "console" })
        for block in blocks {
            if let problem = Self.problem(with: block) { Issue.record(Comment(rawValue: problem)) }
        }
    }

    @Test func aFileShownBesideTheCommandsIsThatFileVerbatim() throws {
        for block in try Self.blocks() {
            guard case .file(let path) = block.marker else { continue }
            // The working folder: docs/examples/, and samples/ as samples/.
            let url = Self.root.appendingPathComponent(path.hasPrefix("samples/") ? path : "docs/examples/" + path)
            let file = try? String(contentsOf: url, encoding: .utf8)
            #expect(
                file == block.body.joined(separator: "\n") + "\n",
                "\(block) shows \(path), which differs from it (or is missing): copy the file into the block")
        }
    }

    @Test func everyTranscriptRunsAsShown() async throws {
        var edits: [String: [(Range<Int>, [String])]] = [:]
        var counts: [String: Int] = [:]
        for block in try Self.blocks() where block.language == "console" && Self.problem(with: block) == nil {
            if case .notRun = block.marker { continue }
            let commands = block.commands
            let outcomes = try await TranscriptRunner.run(commands)
            counts[block.file, default: 0] += commands.filter { $0.text != "echo $?" }.count
            for (index, (command, outcome)) in zip(commands, outcomes).enumerated() {
                let location = "\(block.file):\(command.line)"
                if outcome.output != command.output {
                    edits[block.file, default: []].append((command.outputLines, outcome.output))
                    if !Self.record {
                        Issue.record(
                            Comment(
                                rawValue: "\(location): `\(command.text)` printed\n"
                                    + outcome.output.joined(separator: "\n") + "\nwhere the document shows\n"
                                    + command.output.joined(separator: "\n")
                                    + "\n(STREAMTRACE_RECORD_TRANSCRIPTS=1 rewrites the documents' outputs)"))
                    }
                }
                let shown = index + 1 < commands.count && commands[index + 1].text == "echo $?"
                #expect(
                    outcome.status == 0 || shown,
                    "\(location): `\(command.text)` exits with \(outcome.status): show it with `$ echo $?` below")
            }
        }
        if Self.record { try Self.rewrite(edits) }
        let total = counts.values.reduce(0, +)
        print(
            "transcripts: \(total) commands run (besides `echo $?`), "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(counts["README.md", default: 0] > 0)
    }

    /// Replaces output lines in the documents, from the bottom up.
    static func rewrite(_ edits: [String: [(Range<Int>, [String])]]) throws {
        for (file, changes) in edits {
            let url = root.appendingPathComponent(file)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (range, output) in changes.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
                lines.replaceSubrange((range.lowerBound - 1)..<(range.upperBound - 1), with: output)
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            print("StreamTrace: rewrote the transcripts' output in \(file)")
        }
    }
}

/// The rules above, on documents made up for the purpose.
@Suite struct TranscriptRulesTests {
    @Test func aConsoleBlocksCommandsTakeTheOutputBelowThemAndContinuationLines() throws {
        let document = """
            Intro
            ```console
            $ streamtrace check a.jsonl \\
                finished
            PASS  finished
            1 passed, 0 failed
            $ echo $?
            0
            ```
            """
        let block = try #require(Transcript.blocks(in: document, file: "README.md").first)
        #expect(block.line == 2 && block.language == "console" && block.marker == .none)
        let commands = block.commands
        #expect(commands.map(\.text) == ["streamtrace check a.jsonl \\\n    finished", "echo $?"])
        #expect(commands.map(\.line) == [3, 7])
        #expect(commands.map(\.output) == [["PASS  finished", "1 passed, 0 failed"], ["0"]])
        #expect(commands.map(\.outputLines) == [5..<7, 8..<9])
    }

    @Test func markersExemptWithAReasonOrNameAFile() {
        #expect(Transcript.marker("<!-- transcript: not run (runs the suite) -->") == .notRun(reason: "runs the suite"))
        #expect(Transcript.marker("<!-- file: ci.spec -->") == .file("ci.spec"))
        #expect(Transcript.marker("<!-- transcript: not run -->") == .malformed("<!-- transcript: not run -->"))
        #expect(Transcript.marker("<!-- transcript: not run ( ) -->") == .malformed("<!-- transcript: not run ( ) -->"))
        #expect(Transcript.marker("<!-- transcript: skip -->") == .malformed("<!-- transcript: skip -->"))
        #expect(Transcript.marker("<!-- example: not compiled (a manifest) -->") == .none)
    }

    @Test func shellBlocksWithoutAnExemptionAndBareFencesAreReported() {
        let document = """
            ```sh
            make test
            ```
            <!-- transcript: not run (runs the suite) -->
            ```sh
            make test
            ```
            ```
            output
            ```
            ```console
            PASS
            ```
            """
        let problems = Transcript.blocks(in: document, file: "doc.md").map(TranscriptTests.problem)
        #expect(problems[0]?.hasPrefix("doc.md:1: a ```sh block no test runs") == true)
        #expect(problems[1] == nil)
        #expect(problems[2]?.hasPrefix("doc.md:8: a fence without a language") == true)
        #expect(problems[3] == "doc.md:11: a console block without a `$ command` line")
    }

    @Test func theFoldersPathAndTheTimeOfTheRunAreTheOnlyThingsNormalised() throws {
        let run =
            try Date("2026-11-25T13:53:00Z", strategy: .iso8601)...Date("2026-11-25T13:55:00Z", strategy: .iso8601)
        let output = """
            /tmp/x/traces/a.jsonl: timed from 2026-11-25T13:53:19.776935Z, started 2026-11-22T10:00:00.123Z
            /tmp/x/y 2026-11-25T13:54:00Z
            """
        #expect(
            TranscriptRunner.normalized(output, folder: "/tmp/x", during: run) == """
                ./traces/a.jsonl: timed from <now>, started 2026-11-22T10:00:00.123Z
                ./y <now>
                """)
    }

    @Test func theRunnerKeepsTheShellBetweenCommandsAndGivesEachItsStatus() async throws {
        let commands = [
            Transcript.Command(line: 1, text: "cd samples && pwd", output: [], outputLines: 2..<2),
            Transcript.Command(
                line: 2, text: "streamtrace check search.jsonl 'count == 4'", output: [], outputLines: 3..<3),
            Transcript.Command(line: 3, text: "echo $?", output: [], outputLines: 4..<4),
            Transcript.Command(
                line: 4, text: "streamtrace check nothing.jsonl finished", output: [], outputLines: 5..<5),
        ]
        let outcomes = try await TranscriptRunner.run(commands)
        #expect(outcomes.map(\.status) == [0, 1, 0, 3])
        #expect(outcomes[0].output == ["./samples"])
        #expect(outcomes[1].output.last == "0 passed, 1 failed")
        #expect(outcomes[2].output == ["1"])
        #expect(outcomes[3].output.first?.hasPrefix("nothing.jsonl: ") == true)
    }
}
#endif
