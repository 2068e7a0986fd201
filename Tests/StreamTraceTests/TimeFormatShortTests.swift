import Testing

@testable import StreamTrace

/// `show`'s short times (`TimeFormat.short`): the largest unit that keeps
/// the time at least 1, three decimals at most, rounded half up, trailing
/// zeros dropped, a carry into the next whole number kept in the unit.
@Suite struct TimeFormatShortTests {
    @Test(
        arguments: [
            (0, "0ns"), (7, "7ns"), (999, "999ns"), (1_000, "1us"), (1_500, "1.5us"), (1_001, "1.001us"),
            (10_005, "10.005us"), (999_999, "999.999us"), (1_000_000, "1ms"), (2_100_000, "2.1ms"),
            (1_234_567, "1.235ms"), (1_234_499, "1.234ms"), (999_999_500, "1000ms"), (999_999_499, "999.999ms"),
            (1_000_000_000, "1s"), (1_800_000_000, "1.8s"), (60_000_000_000, "60s"), (59_999_999_999, "60s"),
            (1_020_000_000, "1.02s"), (-7, "-7ns"), (-2_100_000, "-2.1ms"), (-1_999_999_999, "-2s"),
            (Int64.max, "9223372036.855s"), (Int64.min, "-9223372036.855s"),
        ] as [(Int64, String)])
    func aTimeIsWrittenInItsLargestUnitRounded(nanoseconds: Int64, text: String) {
        #expect(TimeFormat.short(nanoseconds) == text)
    }

    /// The text as it was worked out before each unit got its own constant
    /// divisor: one division by the unit's scale, at run time.
    static func reference(_ nanoseconds: Int64) -> String {
        let magnitude = nanoseconds.magnitude
        let (unit, scale): (String, UInt64) =
            magnitude >= 1_000_000_000
            ? ("s", 1_000_000_000)
            : magnitude >= 1_000_000 ? ("ms", 1_000_000) : magnitude >= 1_000 ? ("us", 1_000) : ("ns", 1)
        var whole = magnitude / scale
        var fraction = ((magnitude % scale) * 1000 + scale / 2) / scale
        if fraction >= 1000 { (whole, fraction) = (whole + 1, fraction - 1000) }
        var text = (nanoseconds < 0 ? "-" : "") + String(whole)
        if scale > 1, fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + unit
    }

    @Test func randomTimesOfEveryMagnitudeAreWrittenAsTheReferenceWritesThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            var value = Int64.random(in: 0...(digits == 19 ? Int64.max : Int64(pow10(digits)) - 1), using: &generator)
            if Bool.random(using: &generator) { value = -value }
            #expect(TimeFormat.short(value) == Self.reference(value), "\(value)")
        }
    }

    private func pow10(_ exponent: Int) -> UInt64 {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
