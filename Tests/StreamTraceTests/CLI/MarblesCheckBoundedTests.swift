// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

@testable import StreamTrace

/// Issue 36 item 9, in `check`: a `marbles` query decided in frame 1 keeps the diagram's elements and one more, so its
/// report on a trace of 200,000 values is the report on 10, but for how many more the trace holds.
@Suite struct MarblesCheckBoundedTests {
    /// A trace of `count` values 0, 1, …, one a millisecond from 1 ms, not finished.
    static func trace(_ count: Int) -> String {
        var text = #"{"streamtrace":1,"stream":"ticks","clock":"virtual","at":0}"# + "\n"
        text += #"{"t":0,"event":"subscribe"}"# + "\n"
        for index in 0..<count {
            text += #"{"t":\#((index + 1) * 1_000_000),"event":"value","value":\#(index)}"# + "\n"
        }
        return text
    }

    @Test func aDifferenceInFrame1IsReportedAlikeOn10Or200000Values() async throws {
        for count in [10, 200_000] {
            let path = try CommandRunner.traceFile(Self.trace(count))
            let result = try await CommandRunner.run(["check", path, #"marbles "-a|" frame 1ms"#])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.lines == [
                    #"FAIL  marbles "-a|" frame 1ms  frame 1: expected a ("a"), got b (0) (line 3, t=+1ms)"#,
                    "      expected: -a|",
                    "      actual:   -bc",
                    "                 ^",
                    #"      a = "a""#,
                    "      b = 0",
                    "      c = 1",
                    "      \(count - 2) later elements not drawn: the difference comes before",
                    "0 passed, 1 failed",
                ], "\(result)")
        }
    }
}
#endif
