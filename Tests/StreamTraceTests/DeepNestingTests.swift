import Foundation
import StreamTrace
import Testing

/// Values nested as deep as the limit allows are read, compared, hashed,
/// written and checked on any thread — a secondary thread's stack is small
/// (512 KB) — and one level deeper is an error, never a crash.
@Suite(.cpuBound) struct DeepNestingTests {
    /// 512 KB: a secondary thread's stack size on Apple platforms
    /// (Dispatch's workers have as little), for `onOwnThread(stackSize:)`.
    static let smallStack = 512 << 10

    /// A trace whose one value nests `levels` arrays and objects.
    func trace(levels: Int) -> [UInt8] {
        let value = String(repeating: #"{"a":["#, count: levels / 2) + "1" + String(repeating: "]}", count: levels / 2)
        return Array((#"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":\#(value)}"# + "\n").utf8)
    }

    @Test func valuesAtTheLimitAreReadComparedWrittenAndCheckedOnASmallStack() async throws {
        // The event's own object is one level: its value may nest 511 more.
        let bytes = trace(levels: TraceReaderOptions.defaultMaximumDepth - 2)
        let outcome = try await onOwnThread(stackSize: Self.smallStack) { () throws -> [String] in
            let trace = try Trace(bytes: bytes)
            guard case .value(let value) = trace.events[0].event else { return ["no value"] }
            let copy = try JSONValue(parsing: value.jsonText)
            let checked = try TraceChecker(queries: [try Query("next != null"), try Query("next contains {}")])
                .evaluations(
                    of: TraceReader(bytes: bytes))
            return [
                "\(copy == value)", "\(Set([copy, value]).count)", "\(CanonicalJSON(copy) == CanonicalJSON(value))",
                "\(checked.results.map(\.status.rawValue))",
            ]
        }
        #expect(outcome == ["true", "1", "true", #"["pass", "fail"]"#])
    }

    @Test func oneLevelDeeperIsAnErrorOnASmallStack() async throws {
        let bytes = trace(levels: TraceReaderOptions.defaultMaximumDepth)
        let error = try await onOwnThread(stackSize: Self.smallStack) { () -> String in
            do {
                _ = try Trace(bytes: bytes, name: "deep.jsonl")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(error.hasPrefix("deep.jsonl:2:"), "\(error)")
        #expect(error.hasSuffix("nesting is deeper than the limit of 512 levels"), "\(error)")
    }

    #if os(macOS) || os(Linux)  // runs the binary
    @Test func theCommandLineReportsTooDeepAValueWithStatus3() async throws {
        let path = temporaryPath("deep-\(UUID().uuidString).jsonl")
        try Data(trace(levels: 4000)).write(to: URL(fileURLWithPath: path))
        let result = try await CommandRunner.run(["check", path, "count"])
        #expect(result.status == 3)
        #expect(result.stderr.hasSuffix("nesting is deeper than the limit of 512 levels\n"), "\(result)")
    }
    #endif
}
