import Foundation
import StreamTrace
import Testing

/// The examples of the doc comments about values, rendering and virtual
/// time, as written, with what their comments promise.
@Suite struct DocumentationValueTests {
    /// JSONNumber.swift.
    @Test func numbersAreEqualByValue() {
        let equal = JSONNumber(parsing: "1.0") == JSONNumber(1)  // true
        #expect(equal)
    }

    /// JSONValue.swift.
    @Test func valuesAreEqualWhateverTheKeyOrderAndNumberSpelling() throws {
        let a: JSONValue = ["id": 1, "tags": ["x"]]
        let b = try JSONValue(parsing: #"{"tags":["x"],"id":1.0}"#)
        let equal = a == b  // true
        #expect(equal)
    }

    /// RawJSON.swift.
    @Test func rawJSONKeepsTheTextAndDecodesOnDemand() {
        let raw = RawJSON(["id": 1])
        let text = raw.text  // {"id":1}
        let value = raw.value  // ["id": 1]
        #expect(text == #"{"id":1}"#)
        #expect(value == ["id": 1])
    }

    /// TextLayout.swift.
    @Test func textIsCutWithAnEllipsisAndPaddedWithSpaces() {
        let cut = TextLayout.truncated("swiftui", to: 5)  // "swif…"
        let wide = TextLayout.truncated("日本語", to: 5)  // "日本…"
        let padded = TextLayout.padded("t", to: 4, alignment: .right)  // "   t"
        #expect(cut == "swif…")
        #expect(wide == "日本…")
        #expect(padded == "   t")
    }

    /// TerminalText.swift.
    @Test func terminalTextIsEscapedAndMeasuredInColumns() {
        let safe = TerminalText.escaped("ok\u{1B}[2J\nPASS")  // #"ok\u001b[2J\nPASS"#, one line
        let width = TerminalText.width("日本")  // 4
        #expect(safe == #"ok\u001b[2J\nPASS"#)
        #expect(width == 4)
    }

    /// CanonicalJSON.swift.
    @Test func canonicalJSONIsEqualExactlyWhenTheValuesAre() throws {
        let a = CanonicalJSON(try JSONValue(parsing: #"{"b":1.0,"a":[2]}"#))
        let b = CanonicalJSON(try JSONValue(parsing: #"{"a":[2],"b":1}"#))
        let equal = a == b  // true
        #expect(equal)
        #expect(CanonicalJSON("é") != CanonicalJSON("e\u{301}"))
        #expect(CanonicalJSON(1) == CanonicalJSON(try JSONValue(parsing: "10e-1")))
    }

    /// ExactString.swift.
    @Test func jsonStringsCompareByScalars() {
        let swift = "é" == "e\u{301}"  // true
        let json = ExactString("é") == ExactString("e\u{301}")  // false
        #expect(swift)
        #expect(!json)
    }
}

/// A string compared and hashed by its Unicode scalars, as JSON compares strings (RFC 8259, jq): `"é"` (U+00E9) and
/// `"e\u0301"` are different strings, though Swift's `==` calls them equal.
struct ExactString: Hashable, Sendable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.isExactly(rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        string.hashExactly(into: &hasher)
    }
}
