/// Short human forms of nanosecond times: `0ns`, `250us`, `2.1ms`, `1.8s`.
@usableFromInline
package enum TimeFormat {
    /// A duration in the largest unit that keeps it at least 1, with at most three significant decimals.
    static func short(_ nanoseconds: Int64) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shortCapacity) { text in
            let count = writeShort(nanoseconds, to: text.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<count]), as: UTF8.self)
        }
    }

    /// The most bytes ``writeShort(_:to:)`` writes.
    static let shortCapacity = 32

    /// Writes ``short(_:)``'s text at `destination` (room for ``shortCapacity`` bytes) and returns its length.
    static func writeShort(_ nanoseconds: Int64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = nanoseconds.magnitude
        let sign = nanoseconds < 0 ? 1 : 0
        if sign == 1 { destination[0] = UInt8(ascii: "-") }
        // One call a unit, so that each divides by a constant (a multiply, not a division).
        if magnitude >= 1_000_000_000 {
            return sign + writeScaled(magnitude, scale: 1_000_000_000, unit: "s", to: destination + sign)
        }
        if magnitude >= 1_000_000 {
            return sign + writeScaled(magnitude, scale: 1_000_000, unit: "ms", to: destination + sign)
        }
        if magnitude >= 1_000 { return sign + writeScaled(magnitude, scale: 1_000, unit: "us", to: destination + sign) }
        let count = sign + DecimalText.write(magnitude, to: destination + sign)
        (destination + count).initialize(from: ("ns" as StaticString).utf8Start, count: 2)
        return count + 2
    }

    /// Writes `magnitude` in `unit`s of `scale` nanoseconds (1000 or more) to at most three decimals, rounded,
    /// trailing zeros dropped; returns the bytes written.
    private static func writeScaled(
        _ magnitude: UInt64, scale: UInt64, unit: StaticString, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var whole = magnitude / scale
        var fraction = ((magnitude % scale) * 1000 + scale / 2) / scale  // rounded thousandths
        if fraction >= 1000 {
            whole += 1
            fraction -= 1000
        }
        var count = DecimalText.write(whole, to: destination)
        if fraction > 0 {
            destination[count] = UInt8(ascii: ".")
            count += 1
        }
        // Three digits, the trailing zeros dropped: digits are written until what is left of the fraction is 0.
        var place: UInt64 = 100
        while fraction > 0 {
            destination[count] = UInt8(ascii: "0") + UInt8(fraction / place)
            count += 1
            fraction %= place
            place /= 10
        }
        (destination + count).initialize(from: unit.utf8Start, count: unit.utf8CodeUnitCount)
        return count + unit.utf8CodeUnitCount
    }

    /// A duration exactly, in the largest unit that keeps it at least 1: `60s`, `59.999999999s`, `1.5ms`, `7ns`.
    static func exact(_ duration: Duration) -> String {
        let nanoseconds = nanoseconds(duration)
        let magnitude = nanoseconds.magnitude
        let sign = nanoseconds < 0 ? "-" : ""
        let (unit, scale, digits): (String, UInt64, Int) =
            magnitude >= 1_000_000_000
            ? ("s", 1_000_000_000, 9)
            : magnitude >= 1_000_000 ? ("ms", 1_000_000, 6) : magnitude >= 1_000 ? ("us", 1_000, 3) : ("ns", 1, 0)
        let whole = "\(sign)\(magnitude / scale)"
        guard magnitude % scale > 0 else { return whole + unit }
        var fraction = String(magnitude % scale)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)\(unit)"
    }

    /// A time since the start of a recording: `t=+2.1ms`.
    static func offset(_ nanoseconds: Int64) -> String {
        "t=+" + short(nanoseconds)
    }

    @inlinable
    package static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (s, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = s.addingReportingOverflow(attoseconds / 1_000_000_000)
        if o1 || o2 { return seconds < 0 ? .min : .max }
        return total
    }

    static func short(_ duration: Duration) -> String {
        short(nanoseconds(duration))
    }

    enum ParsedDuration: Equatable {
        case duration(Duration)
        case tooLong
        /// A duration that is not a whole number of nanoseconds (`1.5ns`).
        case subNanosecond
        case invalid
    }

    /// Parses a number and a unit (`ns`, `us`, `ms`, `s`, `m`, `h`) exactly, the number read as a decimal: `1.5s`.
    static func parseDuration(_ word: String) -> ParsedDuration {
        let units: [(String, exponent: Int, factor: UInt64)] = [
            ("ns", 0, 1), ("us", 3, 1), ("ms", 6, 1), ("s", 9, 1), ("m", 9, 60), ("h", 9, 3600),
        ]
        for (unit, exponent, factor) in units where word.hasSuffix(unit) {
            let number = String(word.dropLast(unit.count))
            // "1.5ms" also ends in "s": only accept a suffix that leaves a number.
            guard JSONNumber(parsing: number) != nil, !number.hasPrefix("-") else { continue }
            return nanoseconds(JSONNumber.Canonical(number), exponent: exponent, factor: factor)
        }
        return .invalid
    }

    /// `digits × 10^(exponent + unit) × factor` nanoseconds, if it is a whole number that fits.
    private static func nanoseconds(_ number: JSONNumber.Canonical, exponent unit: Int, factor: UInt64)
        -> ParsedDuration
    {
        guard !number.digits.isEmpty else { return .duration(.zero) }
        let exponent = number.exponent + unit
        // Without trailing zeros, a negative exponent is a fraction of a nanosecond unless the factor (60 for
        // minutes, 3600 for hours) makes it whole.
        guard number.digits.count <= 19, exponent > -19, exponent < 19 else {
            return exponent < 0 ? .subNanosecond : .tooLong
        }
        var mantissa: UInt64 = 0
        for digit in number.digits { mantissa = mantissa * 10 + UInt64(digit - UInt8(ascii: "0")) }
        let (scaled, overflow) = mantissa.multipliedReportingOverflow(by: factor)
        guard !overflow else { return .tooLong }
        var power: UInt64 = 1
        for _ in 0..<abs(exponent) { power *= 10 }
        let value: UInt64
        if exponent >= 0 {
            let (product, overflow) = scaled.multipliedReportingOverflow(by: power)
            guard !overflow else { return .tooLong }
            value = product
        } else {
            guard scaled % power == 0 else { return .subNanosecond }
            value = scaled / power
        }
        guard value <= UInt64(Int64.max) else { return .tooLong }
        return .duration(.nanoseconds(Int64(value)))
    }
}
