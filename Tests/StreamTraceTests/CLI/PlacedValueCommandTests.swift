// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `check` writes a value over 64 KiB that its result holds by its place
/// (in the pass's spool, not in memory) whole and byte for byte as it
/// writes a value it holds, a piece at a time, from a regular file,
/// standard input or a FIFO: nothing is cut, the text report escapes what a
/// terminal must not see, `--format json` writes the value as it does any.
@Suite struct PlacedValueCommandTests {
    enum Input: String, CaseIterable {
        case file, standardInput, fifo
    }

    static let values = [
        ValuePlaceTests.longValue(0, bytes: 300_000), "7", ValuePlaceTests.longValue(2, bytes: 200_000),
    ]
    static let trace = String(decoding: ValuePlaceTests.trace(values), as: UTF8.self)

    /// `check` with `arguments` (before the trace) on the trace read from `input`, then `queries`.
    func check(_ arguments: [String], from input: Input, queries: [String]) async throws -> CommandRunner.Result {
        let path = try CommandRunner.traceFile(Self.trace)
        switch input {
        case .file: return try await CommandRunner.run(["check"] + arguments + [path] + queries)
        case .standardInput:
            return try await CommandRunner.run(["check"] + arguments + ["-"] + queries, stdin: Self.trace)
        case .fifo:
            let fifo = temporaryPath("placed-value-\(UUID().uuidString).fifo")
            try #require(mkfifo(fifo, 0o600) == 0)
            defer { unlink(fifo) }
            // bash feeds the FIFO (cat in the background) while the binary, $0, reads it.
            return try await CommandRunner.run(
                ["-c", #"cat "$1" > "$2" & "$0" check "${@:3}"; wait"#, CommandRunner.binary.path, path, fifo]
                    + arguments + [fifo] + queries, executable: "/bin/bash")
        }
    }

    @Test(arguments: Input.allCases)
    func theTextReportWritesALongValueWhole(from input: Input) async throws {
        let queries = ["next", "last", #"next where contains {"id":2}"#]
        let result = try await check([], from: input, queries: queries)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5)
        // The query column is as wide as the widest query.
        let expected =
            zip(queries, [0, 2, 2]).map { query, index in
                "PASS  " + query.padding(toLength: queries[2].count, withPad: " ", startingAt: 0) + "  "
                    + TerminalText.escaped(Self.values[index])
            } + ["3 passed, 0 failed", ""]
        for (line, expected) in zip(lines, expected) {
            #expect(line == expected, "\(line.prefix(60))… (\(line.utf8.count) bytes)")
        }
        #expect(result.stdout.contains("\\u2028") && !result.stdout.contains("\u{2028}"))
    }

    @Test(arguments: Input.allCases)
    func jsonWritesALongValueWholeUntruncated(from input: Input) async throws {
        let result = try await check(["--format", "json"], from: input, queries: ["next", "last"])
        #expect(result.status == 0, "\(result.stderr)")
        for (value, line) in [(Self.values[0], 2), (Self.values[2], 5)] {
            var json = JSONOutput()
            json.append(safeJSON: Array(value.utf8))
            let member = #""value":"# + json.string + #","line":\#(line),"#
            #expect(result.stdout.contains(member), "value of \(value.utf8.count) bytes, line \(line)")
        }
        #expect(!result.stdout.contains("truncated"))
    }

    /// The spool has no name (`TemporaryFile`): nothing is left in the temporary directory.
    @Test func aSpoolLeavesNothingInTheTemporaryDirectory() async throws {
        let folder = try temporaryDirectory()
        let path = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", path, "next", "last"], environment: ["TMPDIR": folder])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    /// The spool is made when a long value first needs it; when it cannot be
    /// made, the trace fails in one line (exit 3) rather than the value
    /// being held in memory unannounced.
    @Test func aSpoolThatCannotBeMadeFailsTheTraceInOneLine() async throws {
        let environment = ["TMPDIR": "/nonexistent-streamtrace-tmp"]
        let path = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", path, "next"], environment: environment)
        #expect(result.status == 3, "\(result)")
        #expect(
            result.stderr
                == "\(path): cannot create a temporary file in /nonexistent-streamtrace-tmp to keep a value "
                + "over 64 KiB: No such file or directory\n")
        let short = try CommandRunner.traceFile(String(decoding: ValuePlaceTests.trace(["1", "2"]), as: UTF8.self))
        let passed = try await CommandRunner.run(["check", short, "next", "last"], environment: environment)
        #expect(passed.status == 0, "\(passed)")
        #expect(passed.stdout == "PASS  next  1\nPASS  last  2\n2 passed, 0 failed\n")
    }
}
#endif
