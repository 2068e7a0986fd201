import Testing

@testable import StreamTrace

/// Digits read 8 at a time (DigitRun) and `t` read with them
/// (FastEventLine.parseTime): the same counts and values as a byte loop,
/// for every run length and every byte that may end a run.
@Suite struct DigitRunTests {
    /// `text`, then NULs, as a little-endian word.
    func word(_ text: [UInt8]) -> UInt64 {
        var bytes = text + [UInt8](repeating: 0, count: 8)
        return bytes.withUnsafeMutableBytes { DigitRun.word($0.baseAddress!, 0) }
    }

    @Test func everyRunLengthBeforeEveryNonDigitIsCountedAndValued() {
        let digits = Array("98765432".utf8)
        for length in 0...8 {
            for end in (0...255).map(UInt8.init) where !(0x30...0x39).contains(end) {
                let text = Array(digits.prefix(length)) + [end, UInt8(ascii: "7")]
                let word = word(text)
                #expect(DigitRun.count(word) == length, "\(length) before \(end)")
                if length > 0 {
                    let expected = UInt64(String(decoding: digits.prefix(length), as: UTF8.self))
                    #expect(DigitRun.value(word, count: length) == expected, "\(length) before \(end)")
                }
            }
        }
        #expect(DigitRun.count(word(Array("12345678".utf8) + [0x39])) == 8)
        #expect(DigitRun.value(word(Array("00000000".utf8)), count: 8) == 0)
        #expect(DigitRun.value(word(Array("99999999".utf8)), count: 8) == 99_999_999)
    }

    /// `t` of 1 to 18 digits is read; 19, none, or a leading zero is left
    /// to the exact parser (nil).
    @Test func timesOfOneToEighteenDigitsAreReadAndOthersRefused() {
        func parse(_ text: String) -> (Int64, Int)? {
            var bytes = Array(text.utf8) + [UInt8](repeating: 0, count: 32)
            return bytes.withUnsafeMutableBytes { FastEventLine.parseTime($0.baseAddress!, at: 0) }
        }
        var expected: Int64 = 0
        for count in 1...18 {
            expected = expected * 10 + Int64(count % 10)
            let text = String(expected)
            #expect(parse(text + ",")?.0 == expected)
            #expect(parse(text + ",")?.1 == text.utf8.count)
        }
        #expect(parse("999999999999999999,")?.0 == 999_999_999_999_999_999)
        #expect(parse("1234567890123456789,") == nil)
        #expect(parse(",") == nil)
        #expect(parse("0,")?.0 == 0)
        #expect(parse("01,") == nil)
    }
}
