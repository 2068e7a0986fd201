// Runs the built binaries and Python: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `export --format otlp` read by OpenTelemetry's own definitions: every
/// line through `google.protobuf.json_format.Parse` into
/// `opentelemetry.proto.trace.v1.trace_pb2.TracesData`, then each span
/// compared with the traces by `scripts/otlp-check.py`, which computes the
/// mapping on its own. Needs Python with the `opentelemetry-proto` package:
/// `.ci/run` installs it in `.build-otlp-venv`; without it `make test` skips
/// this test with a one-line notice, unless STREAMTRACE_REQUIRE_OTLP=1 (CI).
@Suite struct OTLPProtoCheckTests {
    static let required = ProcessInfo.processInfo.environment["STREAMTRACE_REQUIRE_OTLP"] == "1"

    /// A Python that imports opentelemetry-proto: `STREAMTRACE_OTLP_PYTHON`,
    /// else the repository's `.build-otlp-venv`, else `python3` on PATH.
    static let python: String? = {
        let environment = ProcessInfo.processInfo.environment
        let venv = CommandRunner.root.appendingPathComponent(".build-otlp-venv/bin/python3").path
        let path: [String] = (environment["PATH"] ?? "").split(separator: ":").map { String($0) + "/python3" }
        let candidates: [String] = [environment["STREAMTRACE_OTLP_PYTHON"], venv].compactMap { $0 } + path
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: candidate)
            process.arguments = ["-c", "import google.protobuf.json_format, opentelemetry.proto.trace.v1.trace_pb2"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }()

    /// Folders, split streams, failures, cancels, open and cut traces,
    /// `started` and virtual clocks, hostile text.
    static func traces() throws -> TraceFolder {
        let ticks =
            [#"{"streamtrace":1,"stream":"ticks","clock":"virtual","at":7000}"#, #"{"t":0,"event":"subscribe"}"#]
            + (1...300).map { #"{"t":\#($0 * 1000),"event":"value","value":{"n":\#($0), "s" : "\#($0) é"}}"# }
            + [#"{"t":301000,"event":"cancel"}"#]
        return try TraceFolder([
            "checkout/cart.jsonl": ShowStreamsCommandTests.cart,
            "checkout/payments.jsonl": ShowStreamsCommandTests.payments,
            "checkout/ticks.jsonl": ticks.joined(separator: "\n") + "\n",
            "checkout/nested/empty.jsonl": #"{"streamtrace":1,"stream":"nothing yet","meta":{"a":[1, 2]}}"# + "\n",
            "search.jsonl": try String(contentsOfFile: CommandRunner.sample("search.jsonl"), encoding: .utf8),
            "failure.jsonl": try String(contentsOfFile: CommandRunner.sample("network-failure.jsonl"), encoding: .utf8),
            "cut.jsonl": try String(contentsOfFile: CommandRunner.sample("truncated.jsonl"), encoding: .utf8),
            "hostile.jsonl": #"{"streamtrace":1,"stream":"\u001b[31m\u202e"}"# + "\n"
                + #"{"t":0,"event":"value","value":"\u009b2J\u202e \"x\" \\"}"# + "\n"
                + #"{"t":9,"event":"request","demand":"unlimited"}"# + "\n",
        ])
    }

    @Test(.enabled(if: python != nil || required, "Python with opentelemetry-proto not found; .ci/run installs it"))
    func everyLineParsesAsTracesDataAndMatchesTheTraces() async throws {
        let python = try #require(Self.python, "STREAMTRACE_REQUIRE_OTLP=1, but no Python imports opentelemetry-proto")
        let root = try Self.traces()
        let paths = [
            root("checkout"), root("search.jsonl"), root("failure.jsonl"), root("cut.jsonl"), root("hostile.jsonl"),
        ]
        let result = try await CommandRunner.run(
            ["export", "--format", "otlp", "--epoch", OTLPOutput.epochText, "--service", "checkout-tests"] + paths)
        try #require(result.status == 0, "\(result)")
        let output = root("out.otlp.jsonl")
        try result.stdout.write(toFile: output, atomically: true, encoding: .utf8)
        // The scope's version is the binary's own.
        let version = try await CommandRunner.run(["--version"]).stdout.dropFirst("streamtrace ".count).dropLast()
        let script = CommandRunner.root.appendingPathComponent("scripts/otlp-check.py").path
        let check = try await CommandRunner.run(
            [script, "--output", output, "--epoch", String(OTLPOutput.epoch), "--service", "checkout-tests"]
                + ["--version", String(version)] + paths,
            executable: python)
        #expect(check.status == 0, "\(check)")
        // 2 folders (checkout, checkout/nested), 8 subscriptions, 3 parts of ticks.
        #expect(
            check.stdout.hasSuffix("otlp-check: 13 lines, 13 spans, 318 events: all match the traces\n"), "\(check)")
    }
}
#endif
