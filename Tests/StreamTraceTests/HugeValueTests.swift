import StreamTrace
import Testing

/// One value of hundreds of thousands of keys or elements reads, compares
/// and matches as a small one does: the same results, in time linear in
/// its size (the `make bench` growth rows measure the time; these pin what
/// comes out).
@Suite(.cpuBound) struct HugeValueTests {
    static let keys = 100_000

    /// `{"k0":0,"k1":1,…}` with `count` keys, and `extra` members after them.
    static func objectText(_ count: Int, extra: String = "") -> String {
        "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + extra + "}"
    }

    static func object(_ count: Int) -> JSONValue {
        .object(JSONObject((0..<count).map { JSONObject.Entry(key: "k\($0)", value: .number(JSONNumber($0))) }))
    }

    @Test func aWideObjectParsesToTheValueBuiltInCodeAndARepeatedKeyKeepsItsFirstPlace() throws {
        let parsed = try JSONValue(parsing: Self.objectText(Self.keys, extra: #","k7":"last""#))
        guard case .object(let object) = parsed else {
            Issue.record("not an object: \(parsed.typeName)")
            return
        }
        #expect(object.count == Self.keys)
        #expect(object[7].key == "k7")
        #expect(object[7].value == "last")
        #expect(object[Self.keys - 1].key == "k\(Self.keys - 1)")
        #expect(try JSONValue(parsing: Self.objectText(Self.keys)) == Self.object(Self.keys))
    }

    @Test func aLongArrayParsesElementForElement() throws {
        let text = "[" + (0..<Self.keys).map(String.init).joined(separator: ",") + "]"
        let parsed = try JSONValue(parsing: text)
        #expect(parsed == .array((0..<Self.keys).map { .number(JSONNumber($0)) }))
        #expect(parsed.jsonText == text)
    }

    @Test func aWideObjectEqualsItselfInAnyKeyOrderAndContainsAWidePattern() throws {
        let value = try JSONValue(parsing: Self.objectText(Self.keys))
        let reversed = JSONValue.object(
            JSONObject(
                (0..<Self.keys).reversed().map { JSONObject.Entry(key: "k\($0)", value: .number(JSONNumber($0))) }))
        #expect(value == reversed)
        #expect(value.hashValue == reversed.hashValue)
        #expect(value.contains(Self.object(Self.keys / 2)))
        var missing = Self.object(Self.keys / 2)
        if case .object(var pattern) = missing {
            pattern.append(key: "k-1", value: 0)
            missing = .object(pattern)
        }
        #expect(!value.contains(missing))
    }

    @Test func aLongStringContainsAPatternThatOnlyItsEndCompletes() {
        let text = JSONValue.string(String(repeating: "a", count: 300_000) + "b")
        #expect(text.contains(.string(String(repeating: "a", count: 5_000) + "b")))
        #expect(!text.contains(.string(String(repeating: "a", count: 5_000) + "c")))
        #expect(!text.contains(.string("ab" + String(repeating: "a", count: 5_000))))
    }
}
