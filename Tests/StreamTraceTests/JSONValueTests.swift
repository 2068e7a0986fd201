import StreamTrace
import Testing

@Suite struct JSONValueTests {
    @Test func equalityIgnoresKeyOrderAndComparesNumbersByValue() throws {
        let a = try JSONValue(parsing: #"{"id":1,"tags":["x",2.50],"n":null}"#)
        let b = try JSONValue(parsing: #" { "n" : null, "tags" : [ "x", 25e-1 ], "id" : 1.0 } "#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(try JSONValue(parsing: "1") == JSONValue(parsing: "1.0"))
        #expect(try JSONValue(parsing: "-0") == JSONValue(parsing: "0"))
        #expect(try JSONValue(parsing: "100") == JSONValue(parsing: "1e2"))
        #expect(try JSONValue(parsing: "1") != JSONValue(parsing: "\"1\""))
        #expect(try JSONValue(parsing: "[1,2]") != JSONValue(parsing: "[2,1]"))
    }

    @Test func hugeNumbersKeepTheirTextAndCompareExactly() throws {
        let big = "123456789012345678901234567890"
        let value = try JSONValue(parsing: big)
        #expect(value.jsonText == big)
        #expect(try value != JSONValue(parsing: "123456789012345678901234567891"))
        #expect(try value == JSONValue(parsing: "1.2345678901234567890123456789e29"))
        #expect(JSONNumber(parsing: "9223372036854775807")?.int64Value == .max)
        #expect(JSONNumber(parsing: "9223372036854775808")?.int64Value == nil)
        #expect(JSONNumber(parsing: "-9223372036854775808")?.int64Value == .min)
        #expect(JSONNumber(parsing: "01") == nil)
        #expect(JSONNumber(parsing: "1.") == nil)
    }

    @Test func stringsDecodeEveryEscapeAndSurrogatePairs() throws {
        let value = try JSONValue(parsing: #""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\u{8}\u{c}\n\r\té😀"))
    }

    @Test func writingEscapesOnlyWhatJSONRequires() {
        let value: JSONValue = ["k\"ey": "line\nbreak\ttab\u{1}ctl é😀 \\"]
        #expect(value.jsonText == #"{"k\"ey":"line\nbreak\ttab\u0001ctl é😀 \\"}"#)
    }

    @Test func containsMatchesArraysSubstringsAndObjectSubsets() throws {
        let error = try JSONValue(
            parsing: #"{"type":"URLError","message":"timed out","info":{"code":-1001,"host":"x"}}"#)
        #expect(error.contains(["type": "URLError"]))
        #expect(error.contains(["info": ["code": -1001]]))
        #expect(!error.contains(["type": "MyError"]))
        #expect(!error.contains(["type": "URL"]))
        #expect(!error.contains(["info": ["code": [-1001]]]))
        #expect(JSONValue.array([1, 2, 3]).contains(2))
        #expect(!JSONValue.array([1, 2, 3]).contains(4))
        #expect(JSONValue.string("timed out").contains("out"))
    }

    @Test(arguments: [
        ("", 0, "expected a JSON value, found end of line"),
        ("{\"a\":1,}", 7, "expected a string key, found '}'"),
        ("[1 2]", 3, "expected ',' or ']' in an array, found '2'"),
        ("\"abc", 4, "unterminated string"),
        ("\"a\u{1}b\"", 2, "a string must not contain byte 0x01 (control characters must be escaped)"),
        ("tru", 0, "expected a JSON value, found 't'"),
        ("-", 1, "expected a digit, found end of line"),
        ("012", 1, "a number must not have a leading zero"),
        ("\"\\x\"", 2, "invalid escape '\\x' in a string"),
        ("\"\\ud800\"", 1, "unpaired surrogate \\uD800 in a string"),
        ("[1] x", 4, "expected end of JSON, found 'x'"),
    ])
    func syntaxErrorsSayWhatWasExpectedAndWhere(text: String, offset: Int, message: String) {
        #expect(throws: JSONSyntaxError(offset: offset, message: message)) { try JSONValue(parsing: text) }
    }

    @Test func aRepeatedKeyKeepsItsFirstPlaceAndLastValue() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.jsonText == #"{"a":3,"b":2}"#)
        let many = "{" + (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k3\":-1}"
        guard case .object(let object) = try JSONValue(parsing: many) else {
            Issue.record("not an object")
            return
        }
        #expect(object.count == 20)
        #expect(object["k3"] == -1)
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError(offset: 512, message: "nesting is deeper than the limit of 512 levels")) {
            try JSONValue(parsing: deep)
        }
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? JSONValue(parsing: ok)) != nil)
    }
}
