/// A JSON number, kept as the exact text it was read or written as.
///
/// Keeping the text means a number survives a round trip unchanged, however large or precise it is. Equality compares
/// the numeric *value*, so `1`, `1.0` and `10e-1` are equal:
///
/// ```swift
/// let equal = JSONNumber(parsing: "1.0") == JSONNumber(1)  // true
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's JSON text, for example `-12`, `3.5` or `1e300`.
    package let text: String

    /// Creates a number from JSON number text, or `nil` if `text` is not a JSON number.
    package init?(parsing text: String) {
        var text = text
        let isNumber = text.withUTF8 { utf8 in
            var parser = JSONParser(UnsafeRawBufferPointer(utf8))
            return (try? parser.scanNumber())?.upperBound == utf8.count
        }
        guard isNumber else { return nil }
        self.text = text
    }

    init(validatedText text: String) {
        self.text = text
    }

    /// The number `value`.
    public init<I: BinaryInteger>(_ value: I) {
        self.text = String(value)
    }

    /// The shortest text that reads back as `value`; `nil` for NaN and infinities, which JSON cannot represent.
    package init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // Swift's description is the shortest text that reads back the same, and is valid JSON for finite values
        // ("1.0", "1e-05", "1e+16").
        self.text = value.description
    }

    public var description: String { text }

    /// The value as a 64-bit integer, if it is a whole number in range.
    public var int64Value: Int64? {
        let canonical = Canonical(text)
        if canonical.digits.isEmpty { return 0 }
        guard canonical.exponent >= 0, canonical.digits.count + canonical.exponent <= 19 else { return nil }
        var result: Int64 = 0
        for digit in canonical.digits + Array(repeating: UInt8(ascii: "0"), count: canonical.exponent) {
            let (m, o1) = result.multipliedReportingOverflow(by: 10)
            let d = Int64(digit - UInt8(ascii: "0"))
            let (s, o2) = canonical.negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
            if o1 || o2 { return nil }
            result = s
        }
        return result
    }

    /// The value as a `Double` (rounded if it has more precision).
    public var doubleValue: Double { Double(text) ?? .nan }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.text == rhs.text || Canonical(lhs.text) == Canonical(rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Canonical(text))
    }

    /// Compares two numbers exactly by value: -1, 0 or 1.
    package static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        let x = Canonical(lhs.text)
        let y = Canonical(rhs.text)
        if x == y { return 0 }
        let xSign = x.digits.isEmpty ? 0 : (x.negative ? -1 : 1)
        let ySign = y.digits.isEmpty ? 0 : (y.negative ? -1 : 1)
        if xSign != ySign { return xSign < ySign ? -1 : 1 }
        // Same sign, both non-zero, unequal: by order of magnitude, then by digits (none trailing is a zero, so a
        // prefix is the smaller).
        let (xOrder, yOrder) = (x.digits.count + x.exponent, y.digits.count + y.exponent)
        let smaller = xOrder != yOrder ? xOrder < yOrder : x.digits.lexicographicallyPrecedes(y.digits)
        return smaller ? -xSign : xSign
    }

    /// Writes validated number text in the form of ``Canonical``, without allocating: `0`, or an optional `-`, the
    /// significant digits, `e` and the exponent (`1.50` is `15e-1`).
    static func writeCanonical(_ text: UnsafeRawBufferPointer, into output: inout JSONOutput) {
        guard let parts = canonicalParts(text) else { return output.append("0") }
        if parts.negative { output.append(UInt8(ascii: "-")) }
        for k in parts.first...parts.last where text[k] != UInt8(ascii: ".") { output.append(text[k]) }
        output.append(UInt8(ascii: "e"))
        output.write(int: Int64(parts.exponent))
    }

    /// The parts of validated number text's canonical form: its sign, the offsets of its first and last significant
    /// digits (a point between them is not a digit) and its exponent; `nil` for zero.
    static func canonicalParts(
        _ text: UnsafeRawBufferPointer
    ) -> (negative: Bool, first: Int, last: Int, exponent: Int)? {
        var i = 0
        let negative = i < text.count && text[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var digits: (start: Int, end: Int, fraction: Int) = (i, i, i)  // the digits, and where the fraction starts
        var significant: (first: Int, last: Int)?
        var fractionDigits = 0
        while i < text.count, text[i] != UInt8(ascii: "e"), text[i] != UInt8(ascii: "E") {
            if text[i] == UInt8(ascii: ".") {
                digits.fraction = i + 1
            } else {
                if digits.fraction > digits.start { fractionDigits += 1 }
                if text[i] != UInt8(ascii: "0") { significant = (significant?.first ?? i, i) }
            }
            i += 1
        }
        digits.end = i
        guard let significant else { return nil }
        var exponent = 0
        var exponentNegative = false
        for byte in text[min(i + 1, text.count)...] {
            if byte == UInt8(ascii: "-") { exponentNegative = true }
            guard byte &- UInt8(ascii: "0") < 10 else { continue }
            // Saturate: exponents this large are beyond any real use.
            if exponent < 1_000_000_000_000 { exponent = exponent * 10 + Int(byte - UInt8(ascii: "0")) }
        }
        // Digits after the last significant one (the point aside) were zeros: each raises the exponent.
        var trailing = 0
        for k in (significant.last + 1)..<digits.end where text[k] != UInt8(ascii: ".") { trailing += 1 }
        exponent = (exponentNegative ? -exponent : exponent) - fractionDigits + trailing
        return (negative, significant.first, significant.last, exponent)
    }

    /// The value in a normal form: sign, significant digits without leading or trailing zeros, and a power-of-ten
    /// exponent. Zero has no digits.
    struct Canonical: Hashable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0

        init(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                guard let parts = JSONNumber.canonicalParts(UnsafeRawBufferPointer(utf8)) else { return }
                negative = parts.negative
                digits = utf8[parts.first...parts.last].filter { $0 != UInt8(ascii: ".") }
                exponent = parts.exponent
            }
        }
    }
}
