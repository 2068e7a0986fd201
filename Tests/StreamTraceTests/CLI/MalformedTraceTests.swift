// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Every class of damaged trace gets exit status 3 and `FILE:LINE:COLUMN: message`.
@Suite struct MalformedTraceTests {
    @Test(arguments: [
        ("malformed/decreasing-time.jsonl", #"3:6: "t" decreased from 5000 to 4000; times must never decrease"#),
        ("malformed/bad-json.jsonl", "2:36: expected ',' or ']' in an array, found '}'"),
        (
            "malformed/no-header.jsonl",
            #"1:1: missing header: expected {"streamtrace":1,...} on the first line, found an event"#
        ),
        ("malformed/unknown-version.jsonl", "1:16: unsupported trace version 2; this reader knows version 1"),
        (
            "malformed/after-terminal.jsonl",
            "3:1: event after the terminal event (finished on line 2); nothing may follow it"
        ),
        (
            "malformed/unknown-event.jsonl",
            #"2:16: unknown event kind "explode"; expected subscribe, request, value, finished, failure or cancel"#
        ),
        ("malformed/missing-payload.jsonl", #"2:1: a value event needs a "value""#),
        ("malformed/non-integer-time.jsonl", #"2:6: "t" must be a non-negative integer of nanoseconds, found 1.5"#),
        ("malformed/empty.jsonl", #"1:1: empty trace: expected a header line {"streamtrace":1,...}"#),
    ])
    func checkAndShowExitWith3AndPointAtTheProblem(sample: String, message: String) async throws {
        let path = CommandRunner.sample(sample)
        for arguments in [["check", path, "finished"], ["show", path], ["show", "--format", "json", path]] {
            let result = try await CommandRunner.run(arguments)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr == "\(path):\(message)\n", "\(arguments)")
        }
    }

    @Test func missingFilesAndDirectoriesExitWith3() async throws {
        let missing = try await CommandRunner.run(["check", "/nonexistent/run.jsonl", "finished"])
        #expect(missing.status == 3)
        #expect(missing.stderr == "/nonexistent/run.jsonl: cannot open: no such file\n")
        let directory = try await CommandRunner.run(["check", "/tmp", "finished"])
        #expect(directory.status == 3)
        #expect(directory.stderr == "/tmp: cannot read: is a directory\n")
        // show takes a directory for the traces in it: one without any is an error.
        let empty = try temporaryDirectory()
        let noTraces = try await CommandRunner.run(["show", empty])
        #expect(noTraces.status == 3)
        #expect(noTraces.stderr == "\(empty): cannot read: no trace (*.jsonl) in this directory\n")
    }

    /// The damage classes that are easier to make in code than to commit.
    @Test(arguments: [
        (
            "huge-t",
            Array("{\"streamtrace\":1}\n{\"t\":123456789012345678901234567890,\"event\":\"finished\"}\n".utf8),
            #"2:6: "t" is out of range (more than 9223372036854775807 nanoseconds)"#
        ),
        (
            "negative-t", Array("{\"streamtrace\":1}\n{\"t\":-5,\"event\":\"finished\"}\n".utf8),
            #"2:6: "t" must be a non-negative integer of nanoseconds, found -5"#
        ),
        (
            "invalid-utf8",
            Array("{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":\"".utf8) + [0xFF, 0x22, 0x7D, 0x0A],
            "2:33: invalid UTF-8: unexpected byte 0xFF"
        ),
        (
            "nul-byte", Array("{\"streamtrace\":1}\n{\"t\":1,".utf8) + [0] + Array("\"event\":\"finished\"}\n".utf8),
            "2:8: expected a string key, found a NUL byte"
        ),
        (
            "deep-nesting",
            Array("{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":".utf8)
                + Array(repeating: UInt8(ascii: "["), count: 100_000)
                + Array(repeating: UInt8(ascii: "]"), count: 100_000) + Array("}\n".utf8),
            "2:543: nesting is deeper than the limit of 512 levels"
        ),
        (
            "mid-file-bad-json",
            Array(
                "{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":1}\n{\"t\":2,\"event\":\"val\n{\"t\":3,\"event\":\"finished\"}\n"
                    .utf8), "3:20: unterminated string"
        ),
    ])
    func damagedTracesExitWith3(name: String, bytes: [UInt8], message: String) async throws {
        let path = temporaryPath("\(name).jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try await CommandRunner.run(["check", path, "finished"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr == "\(path):\(message)\n")
    }

    @Test func a100MegabyteLineIsRefusedWithoutExhaustingMemory() async throws {
        let path = temporaryPath("long-line.jsonl")
        // Written in 1 MiB chunks, on a thread of its own.
        try await onOwnThread {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? file.close() }
            try file.write(contentsOf: Data("{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":\"".utf8))
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<100 { try file.write(contentsOf: chunk) }
            try file.write(contentsOf: Data("\"}\n".utf8))
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await CommandRunner.run(["check", path, "count"])
        #expect(result.status == 3)
        #expect(result.stderr == "\(path):2:1: line is longer than the limit of 16 MiB\n")
    }

    @Test func binaryGarbageAndNULBytesAreErrorsNotCrashes() async throws {
        var bytes = Array("{\"streamtrace\":1}\n".utf8)
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }
        let path = temporaryPath("garbage.jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try await CommandRunner.run(["check", path, "count"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.hasPrefix("\(path):2:"))
    }

    @Test func aMalformedLineAfterTheQueriesWouldBeDecidedStillFailsTheTrace() async throws {
        var text = "{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":1}\n"
        for i in 2..<1000 { text += "{\"t\":\(i),\"event\":\"value\",\"value\":\(i)}\n" }
        text += "{\"t\":5,\"event\":\"finished\"}\n"
        let result = try await CommandRunner.run(["check", "-", "next == 1"], stdin: text)
        #expect(result.status == 3)
        #expect(result.stderr == #"<stdin>:1001:6: "t" decreased from 999 to 5; times must never decrease"# + "\n")
    }

    @Test func aTruncatedTailIsAWarningAndTheTraceIsOpen() async throws {
        let path = CommandRunner.sample("truncated.jsonl")
        let result = try await CommandRunner.run(["check", path, "not finished", #"next == "saved""#])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "\(path):4:1: warning: the last line is truncated (no newline, not valid JSON); it is ignored and the trace is treated as open\n"
        )
    }
}
#endif
