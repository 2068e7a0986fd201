import Foundation
import Testing

@testable import StreamTrace

/// The decimal digits the trace writer puts in every line (times and
/// integer values): the same text as Swift's own description, for every
/// digit count and at every boundary between counts, written within the 20
/// bytes a caller gives.
@Suite struct DecimalTextTests {
    /// `value` written by `DecimalText.write` into 32 bytes of `#`, as text,
    /// and whether the bytes from the 21st on are still `#`.
    func written(_ value: UInt64) -> (text: String, withinTwenty: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            buffer.initialize(repeating: UInt8(ascii: "#"))
            let count = DecimalText.write(value, to: buffer.baseAddress!)
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            return (text, buffer[20...].allSatisfy { $0 == UInt8(ascii: "#") })
        }
    }

    /// 0, 9, 10, 11, 99, 100, 101 … each power of ten, one less and one
    /// more, up to `UInt64.max`.
    static let boundaries: [UInt64] = {
        var values: [UInt64] = [0, 1, UInt64.max, UInt64.max - 1, UInt64(Int64.max), Int64.min.magnitude]
        var power: UInt64 = 10
        for _ in 1...19 {
            values += [power - 1, power, power + 1]
            power = power &* 10
        }
        return values
    }()

    @Test func everyBoundaryBetweenDigitCountsIsWrittenAsSwiftWritesIt() {
        for value in Self.boundaries {
            let (text, withinTwenty) = written(value)
            #expect(text == String(value))
            #expect(withinTwenty, "\(value) wrote past 20 bytes")
            #expect(DecimalText.digitCount(value) == String(value).count)
        }
    }

    @Test func numbersOfEveryLengthAreWrittenAsSwiftWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var power: UInt64 = 1  // 10 ^ (digits - 1)
        for digits in 1...20 {
            let range = (digits == 1 ? 0 : power)...(digits == 20 ? UInt64.max : power * 10 - 1)
            for _ in 0..<2_000 {
                let value = UInt64.random(in: range, using: &generator)
                #expect(written(value).text == String(value))
            }
            if digits < 20 { power *= 10 }
        }
    }

    @Test func eightDigitsKeepTheirLeadingZeros() {
        let bytes = DecimalText.eightDigits(1_234).littleEndian
        let text = withUnsafeBytes(of: bytes) { String(decoding: $0, as: UTF8.self) }
        #expect(text == "00001234")
    }

    @Test func aFileTracesIntegerLinesHoldTheirDigitsExactly() throws {
        let path = temporaryPath("decimal-text.jsonl")
        let recorder = Recorder<Int, Never>(clock: ManualClock(), sink: try FileTraceSink(path: path))
        let values = [0, -1, 7, -99_999_999, 100_000_000, 1_234_567_890_123_456_789, Int.max, Int.min]
        for value in values { recorder.receive(value) }
        recorder.receive(completion: .finished)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.contains("\"value\"") }.map(String.init)
        #expect(lines == values.map { "{\"t\":0,\"event\":\"value\",\"value\":\($0)}" })
    }
}
