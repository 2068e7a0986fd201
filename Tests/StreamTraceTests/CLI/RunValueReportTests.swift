// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// A query whose value is a run of elements longer than `check` keeps (1
/// MiB): the text report shows its start, `--format json` writes it whole
/// by reading a regular file again, and from standard input or a FIFO
/// writes the elements that fit, marked truncated.
@Suite struct RunValueReportTests {
    static let count = 12_000

    /// A finished trace of `count` objects of about 100 bytes: 1.2 MB of values.
    static let trace: String = {
        var text = #"{"streamtrace":1}"# + "\n"
        let padding = String(repeating: "x", count: 80)
        for i in 0..<count { text += #"{"t":\#(i),"event":"value","value":{"i":\#(i),"pad":"\#(padding)"}}"# + "\n" }
        return text + #"{"t":\#(count),"event":"finished"}"# + "\n"
    }()

    /// The `value` of a `--format json` document's only result, and whether it is marked truncated.
    func value(_ stdout: String) throws -> (elements: [Any], truncated: Bool) {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "not a JSON object")
        let result = try #require((document["results"] as? [[String: Any]])?.first)
        let elements = try #require(result["value"] as? [Any], "value is not an array")
        return (elements, result["truncated"] as? Bool ?? false)
    }

    @Test func theTextReportShowsTheStartOfALongValue() async throws {
        let path = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", path, "elements"])
        #expect(result.status == 0)
        let line = try #require(result.lines.first)
        #expect(line.hasPrefix(#"PASS  elements  [{"i":0,"pad":""#))
        #expect(line.hasSuffix(",…"))
        #expect(line.utf8.count < (1 << 20) + 100)
    }

    @Test func jsonReadsARegularFileAgainForTheWholeValue() async throws {
        let path = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", "--format", "json", path, "elements"])
        #expect(result.status == 0)
        let (elements, truncated) = try value(result.stdout)
        #expect(elements.count == Self.count)
        #expect(!truncated)
        #expect((elements.last as? [String: Any])?["i"] as? Int == Self.count - 1)
    }

    @Test func jsonFromStandardInputWritesWhatFitsMarkedTruncated() async throws {
        let result = try await CommandRunner.run(["check", "--format", "json", "-", "prefix 11000"], stdin: Self.trace)
        #expect(result.status == 0)
        let (elements, truncated) = try value(result.stdout)
        #expect(truncated)
        #expect(elements.count > 5_000 && elements.count < 11_000, "\(elements.count) elements kept")
        #expect((elements.first as? [String: Any])?["i"] as? Int == 0)
    }

    @Test func jsonFromAFIFOWritesWhatFitsMarkedTruncated() async throws {
        let path = try CommandRunner.traceFile(Self.trace)
        let fifo = temporaryPath("run-value-\(UUID().uuidString).fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // bash feeds the FIFO (cat in the background) while the binary, $0, reads it.
        let result = try await CommandRunner.run(
            [
                "-c", #"cat "$1" > "$2" & "$0" check --format json "$2" "prefix 11000"; wait"#,
                CommandRunner.binary.path, path, fifo,
            ], executable: "/bin/bash")
        #expect(result.status == 0, "\(result)")
        let (elements, truncated) = try value(result.stdout)
        #expect(truncated)
        #expect(elements.count > 5_000 && elements.count < 11_000, "\(elements.count) elements kept")
        #expect((elements.last as? [String: Any])?["i"] as? Int == elements.count - 1)
    }

    @Test func aMatcherComparesTheWholeRunNotWhatIsKept() async throws {
        let path = try CommandRunner.traceFile(Self.trace)
        let last = #"{"i":11999,"pad":"\#(String(repeating: "x", count: 80))"}"#
        let result = try await CommandRunner.run(
            ["check", path, "elements contains \(last)", "prefix 12001", "every where contains {\"i\":0}"])
        #expect(result.lines.prefix(2).map { $0.hasPrefix("PASS") } == [true, true], "\(result)")
        #expect(result.lines.dropFirst(2).first?.contains("but element 2 is {\"i\":1,") == true, "\(result)")
    }
}
#endif
