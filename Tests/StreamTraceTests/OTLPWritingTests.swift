import Foundation
import StreamTrace
import Testing

/// The pieces under `export --format otlp`: SHA-256 against FIPS 180-4's
/// vectors, RFC 3339 times for `--epoch`, long values written in slices.
@Suite struct OTLPWritingTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func sha256MatchesTheStandardsVectors(message: String, digest: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func rfc3339TimesMayCarryAnOffsetAndUTCOnesReadAsBefore() {
        let noon: Int64 = 1_777_636_800_000_000_000
        #expect(ISO8601.nanoseconds("2026-05-01T12:00:00Z", offsets: true) == noon)
        #expect(ISO8601.nanoseconds("2026-05-01t12:00:00z", offsets: true) == noon)
        #expect(ISO8601.nanoseconds("2026-05-01T14:30:00.25+02:30", offsets: true) == noon + 250_000_000)
        #expect(ISO8601.nanoseconds("2026-05-01T07:00:00-05:00", offsets: true) == noon)
        #expect(ISO8601.nanoseconds("2026-05-01T14:00:00+02:00") == nil, "a header's started is UTC")
        for bad in ["2026-05-01T12:00:00", "2026-05-01T12:00:00+2:00", "2026-05-01T12:00:00+24:00", "2026-05-01 12:00"]
        {
            #expect(ISO8601.nanoseconds(bad, offsets: true) == nil, "\(bad)")
        }
        // Past 64 bits of nanoseconds: nil, never a trap.
        #expect(ISO8601.nanoseconds("9999-12-31T23:59:59Z") == nil)
        #expect(ISO8601.nanoseconds("2262-04-11T23:47:16.854775807Z") == .max)
        #expect(ISO8601.nanoseconds("2262-04-11T23:47:16.854775808Z") == nil)
    }

    /// Writes `value` as the `streamtrace.value` attribute; the attribute's
    /// string, and the size of each part flushed.
    static func valueAttribute(_ value: String) throws -> (text: String, parts: [Int]) {
        var out = JSONOutput()
        var written: [UInt8] = []
        var parts: [Int] = []
        Array(value.utf8).withUnsafeBytes { bytes in
            out.writeAttribute("streamtrace.value", jsonText: bytes) { out in
                parts.append(out.bytes.count)
                written += out.bytes
                out.removeAll()
            }
        }
        written += out.bytes
        let attribute = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        #expect(attribute["key"] as? String == "streamtrace.value")
        let text = try #require((attribute["value"] as? [String: String])?["stringValue"])
        return (text, parts)
    }

    @Test func aLongValueIsWrittenCompactInSlicesThatNeverCutACharacter() throws {
        let item = "{ \"k\" : \"é \\\"q\\\" \\u2028 \u{202E} x\" ,\n\t\"n\" : [ 1 , 2.50 ] }"
        let compactItem = "{\"k\":\"é \\\"q\\\" \\u2028 \u{202E} x\",\"n\":[1,2.50]}"
        let (text, parts) = try Self.valueAttribute(
            "[" + Array(repeating: item, count: 5000).joined(separator: " , ") + "]")
        #expect(text == "[" + Array(repeating: compactItem, count: 5000).joined(separator: ",") + "]")
        #expect(parts.count >= 3)
        #expect(parts.allSatisfy { $0 < 100_000 }, "\(parts)")
        // Two-byte characters from an odd offset: 65,536 falls inside one.
        let accents = "\"" + String(repeating: "é", count: 70_000) + "\""
        let (whole, sliced) = try Self.valueAttribute(accents)
        #expect(whole == accents)
        #expect(sliced.count == 2)
    }
}
