// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace diff` of two files of one size, large enough to be compared
/// in several ranges at once: one byte that differs in any range is found.
@Suite struct DiffSameSizeTests {
    /// A trace of about 17 MB, the value of its event `changed` (from 0)
    /// being `7` instead of `1`.
    static func trace(changed: Int?) -> String {
        var lines = [#"{"streamtrace":1,"stream":"s","clock":"virtual"}"#]
        let count = 200_000
        lines += (0..<count).map { index in
            #"{"t":\#(index),"event":"value","value":{"n":\#(index == changed ? 7 : 1),"#
                + #""text":"lorem ipsum dolor sit amet lorem ipsum dolor sit amet"}}"#
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [0, 100_000, 199_999])
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
        #expect(result.lines.contains(#"b = {"n":7,"text":"lorem ipsum dolor sit amet lorem ipsum dolor sit amet"}"#))
        let same = try await CommandRunner.run(["diff", expected, expected])
        #expect(same.status == 0)
        #expect(same.lines == ["traces match: 200000 events, exact times"])
    }
}
#endif
