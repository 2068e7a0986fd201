// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// A message quotes the numbers and durations a person wrote as they wrote
/// them, never rounded: `within 59999999999ns` failing at t = 60 s does not
/// say "within 60s".
@Suite struct WrittenNumbersTests {
    /// One value at 1 s; finished at 60 s.
    static let slowTrace = """
        {"streamtrace":1}
        {"t":1000000000,"event":"value","value":3}
        {"t":60000000000,"event":"finished"}

        """

    /// Each query and the line it prints, up to the recent timeline.
    @Test(arguments: [
        (
            "finished within 59999999999ns",
            "FAIL  finished within 59999999999ns  not completed within 59999999999ns: last event is value (line 2, t=+1s)"
        ),
        (
            "next within 1.50s where > 3",
            "FAIL  next within 1.50s where > 3  expected an element where > 3 within 1.50s; skipped 1 element: 3 (line 2, t=+1s)"
        ),
        (
            "count >= 4.0",
            "FAIL  count >= 4.0  expected >= 4.0, got 1 (line 3, t=+60s)"
        ),
        ("next 01 == [3]", "PASS  next 01 == [3]  [3]"),
    ])
    func aFailureQuotesTheQueryAsWritten(query: String, line: String) async throws {
        let trace = try CommandRunner.traceFile(Self.slowTrace)
        let result = try await CommandRunner.run(["check", trace, query])
        // The recent timeline after the deciding event is the renderer's.
        let written = result.lines.first?.components(separatedBy: "; recent: ").first
        #expect(written == line, "\(result)")
    }

    @Test func aQueryThatDoesNotParseNamesItsExpectationAsWritten() async throws {
        let trace = try CommandRunner.traceFile(Self.slowTrace)
        let result = try await CommandRunner.run(["check", trace, "not next 02"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "streamtrace: error: query 1, column 1: 'not' inverts contains where MATCHER, finished, next, next where MATCHER, order STREAM [MATCHER] before STREAM [MATCHER] and prefix N only, not next 02\n"
            ), "\(result)")
    }

    @Test func diffsToleranceIsQuotedExactlyNotRounded() async throws {
        let fast = try CommandRunner.traceFile(Self.slowTrace.replacingOccurrences(of: "1000000000", with: "1000"))
        let slow = try CommandRunner.traceFile(Self.slowTrace)
        let result = try await CommandRunner.run(["diff", "--tolerance", "59999999ns", fast, slow])
        #expect(result.status == 1)
        #expect(result.lines.contains("event 1: times differ by +999.999ms (tolerance 59.999999ms)"), "\(result)")
        #expect(result.stdout.contains("(times within 59.999999ms)"), "\(result)")
    }

    @Test func aWaitsTimeoutIsQuotedExactly() throws {
        let recorder = Recorder<Int, Never>()
        let error = #expect(throws: RecordingError.self) {
            try recorder.finished.wait(timeout: .nanoseconds(1_234_567))
        }
        #expect(error?.message == "not completed within 1.234567ms: no events were recorded")
    }
}
#endif
