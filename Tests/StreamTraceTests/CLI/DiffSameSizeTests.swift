// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace diff` of two files of one size, large enough to be compared
/// in several ranges at once: one byte that differs in any range is found.
@Suite struct DiffSameSizeTests {
    /// A trace of about 17 MB in 20,000 long lines (few events keep the
    /// walk after the compare short, under TSan too), the value of its
    /// event `changed` (from 0) being `7` instead of `1`.
    static func trace(changed: Int?) -> String {
        var lines = [#"{"streamtrace":1,"stream":"s","clock":"virtual"}"#]
        lines += (0..<count).map { index in
            #"{"t":\#(index),"event":"value","value":{"n":\#(index == changed ? 7 : 1),"#
                + #""text":"\#(text)"}}"#
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let count = 20_000
    static let text = String(repeating: "lorem ipsum dolor sit amet ", count: 32)

    @Test(arguments: [0, count / 2, count - 1])
    func oneDifferingByteInAnyRangeIsFound(changed: Int) async throws {
        let text = Self.trace(changed: nil)
        #expect(text.utf8.count > 16 << 20)
        let expected = try CommandRunner.traceFile(text, name: "same-size-expected-\(changed).jsonl")
        let changedText = Self.trace(changed: changed)
        let actual = try CommandRunner.traceFile(changedText, name: "same-size-actual-\(changed).jsonl")
        let result = try await CommandRunner.run(["diff", expected, actual])
        #expect(result.status == 1)
        #expect(changedText.utf8.count == text.utf8.count)
        // The changed value is drawn on the diagram, lettered as no other.
        #expect(result.lines.contains { $0.hasPrefix(#"b = {"n":7,"text":"lorem ipsum dolor sit amet lorem"#) })
        #expect(
            result.lines.contains(
                "traces differ: 1 difference (exact times), first at event \(changed + 1) "
                    + "(line \(changed + 2) of expected, line \(changed + 2) of actual)"))
        let same = try await CommandRunner.run(["diff", expected, expected])
        #expect(same.status == 0)
        #expect(same.lines == ["traces match: \(Self.count) events, exact times"])
    }
}
#endif
