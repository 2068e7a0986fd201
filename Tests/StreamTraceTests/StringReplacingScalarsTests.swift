import StreamTrace
import Testing

/// The one escaping loop behind JUnit XML, GitHub workflow commands and
/// EventualEquality's message.
@Suite struct StringReplacingScalarsTests {
    @Test func eachScalarTheReplacementNamesIsReplacedAndTheOthersKept() {
        let escaped = "50%\n".replacingScalars { $0 == "%" ? "%25" : $0 == "\n" ? "%0A" : nil }  // "50%25%0A"
        #expect(escaped == "50%25%0A")
    }

    @Test func scalarsAreReplacedOneByOneInsideCharacters() {
        // "é" as e + U+0301: one Character, two scalars; only the accent is replaced.
        let text = "e\u{301}!"
        #expect(text.replacingScalars { $0 == "\u{301}" ? "<acute>" : nil } == "e<acute>!")
        #expect(text.replacingScalars { _ in nil } == text)
        #expect("".replacingScalars { _ in "x" } == "")
    }
}
