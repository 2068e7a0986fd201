// Runs the built binaries: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `export --format otlp`: the same bytes from every process, errors that
/// say where, usage errors (exit 2), through the binary.
@Suite struct OTLPExportErrorTests {
    static func export(_ arguments: [String], stdin: String? = nil) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["export", "--format", "otlp"] + arguments, stdin: stdin)
    }

    @Test func twoProcessesWriteTheSameBytesForTheSameInputAndEpoch() async throws {
        let root = try TraceFolder([
            "checkout/cart.jsonl": ShowStreamsCommandTests.cart,
            "checkout/payments.jsonl": ShowStreamsCommandTests.payments,
            "search.jsonl": try String(contentsOfFile: CommandRunner.sample("search.jsonl"), encoding: .utf8),
        ])
        let arguments = ["--epoch", OTLPOutput.epochText, root("checkout"), root("search.jsonl"), "-"]
        let first = try await Self.export(arguments, stdin: ShowStreamsCommandTests.cart)
        let second = try await Self.export(arguments, stdin: ShowStreamsCommandTests.cart)
        #expect(first.status == 0)
        #expect(first.lines.count == 5)
        #expect(first.stdout == second.stdout)
        // What they are the same bytes of: the epoch and the service name.
        let later = try await Self.export(
            ["--epoch", "2026-05-01T12:00:01Z"] + arguments.dropFirst(2), stdin: ShowStreamsCommandTests.cart)
        #expect(later.stdout != first.stdout)
        #expect(later.stdout.replacingOccurrences(of: "1777636801", with: "1777636800") == first.stdout)
    }

    @Test func aTraceThatCannotBeReadIsAnErrorAtItsLineAndNothingIsWritten() async throws {
        let root = try TraceFolder([
            "traces/a.jsonl": ShowStreamsCommandTests.cart, "traces/b.jsonl": TraceFolder.malformed,
        ])
        let malformed = try await Self.export(["--epoch", OTLPOutput.epochText, root("traces")])
        #expect(malformed.status == 3)
        #expect(malformed.stdout.isEmpty)
        #expect(malformed.stderr.hasPrefix(root("traces/b.jsonl") + ":2:"), "\(malformed)")

        let missing = try await Self.export(["--epoch", OTLPOutput.epochText, root("nope.jsonl")])
        #expect(missing.status == 3)
        #expect(missing.stderr == root("nope.jsonl") + ": cannot open: no such file\n")
    }

    @Test func aFolderOfMoreTracesThanTheProcessMayOpenFilesIsExported() async throws {
        let trace = #"{"streamtrace":1,"clock":"virtual","at":0}"# + "\n" + #"{"t":1,"event":"finished"}"# + "\n"
        let root = try TraceFolder(Dictionary(uniqueKeysWithValues: (1...100).map { ("many/t\($0).jsonl", trace) }))
        // 24 descriptors: a regular file is opened for each pass, not held from the first to the second.
        let script = #"ulimit -n 24 && exec "$0" export --format otlp --epoch 2026-05-01T12:00:00Z "$1""#
        let result = try await CommandRunner.run(
            ["-c", script, CommandRunner.binary.path, root("many")], executable: "/bin/bash")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.count == 101)
    }

    @Test func aTimeOutsideOTLPsRangeIsAnErrorAtTheEventsLine() async throws {
        let late = """
            {"streamtrace":1,"stream":"late","clock":"virtual","at":9223372036000000000}
            {"t":0,"event":"subscribe"}
            {"t":1000000000,"event":"value","value":1}

            """
        let result = try await Self.export(["--epoch", OTLPOutput.epochText, "-"], stdin: late)
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "<stdin>:2:1: the time --epoch + \"at\" + \"t\" is not between 1970 and 2262, the years OTLP's Unix nanoseconds cover\n"
        )
        let unusable = """
            {"streamtrace":1,"stream":"old","started":"9999-01-01T00:00:00Z"}
            {"t":5,"event":"finished"}

            """
        let warned = try await Self.export(["--epoch", OTLPOutput.epochText, "-"], stdin: unusable)
        #expect(warned.status == 0)
        #expect(
            warned.stderr
                == "<stdin>:1:1: warning: \"started\" is not a UTC time from 1970 to 2262 (9999-01-01T00:00:00Z); timed as a trace without it\n"
        )
        #expect(warned.stdout.contains(#""startTimeUnixNano":"1777636800000000005""#))
    }

    @Test(arguments: [
        (
            ["--epoch", "yesterday", "-"],
            "--epoch must be an RFC 3339 time from 1970 on, such as 2026-05-01T12:00:00Z; got 'yesterday'"
        ),
        (
            ["--epoch", "1969-12-31T23:59:59Z", "-"],
            "--epoch must be an RFC 3339 time from 1970 on, such as 2026-05-01T12:00:00Z; got '1969-12-31T23:59:59Z'"
        ),
        (["--service", "", "-"], "--service must name a service; got ''"),
        (["--epoch"], "option '--epoch' needs a value"),
        ([], "missing PATH: a trace, a directory of traces, or - for standard input"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await Self.export(arguments, stdin: ShowStreamsCommandTests.cart)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("streamtrace: error: \(message)\n"), "\(result)")
        #expect(result.stderr.hasSuffix("Run 'streamtrace help export' for usage.\n"))
    }

    @Test func otlpOptionsAreRefusedForChromeAndFormatsAreNamed() async throws {
        for option in ["--epoch", "--service"] {
            let chrome = try await CommandRunner.run(["export", "--format", "chrome", option, "x", "-"])
            #expect(chrome.status == 2)
            #expect(chrome.stderr.hasPrefix("streamtrace: error: \(option) is an option of --format otlp\n"))
        }
        let xml = try await CommandRunner.run(["export", "--format", "xml", "-"])
        #expect(xml.status == 2)
        #expect(xml.stderr.hasPrefix("streamtrace: error: --format must be chrome, otlp; got 'xml'\n"))
        let help = try await CommandRunner.run(["help", "export"])
        for text in ["--format otlp", "--epoch TIME", "--service NAME", "otlpjsonfile", "docs/otlp.md"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }
}
#endif
