/// A marble diagram's time progression as RxJS reads it: digits, an optional fraction, and a unit (`ms`, `s`, `m`).
enum MarbleTimeProgression {
    /// The length of a time progression at the start of `characters` (one followed by a space or the end), if any.
    static func length(in characters: ArraySlice<Character>) -> Int? {
        var index = characters.startIndex
        func digits() -> Int {
            let first = index
            while index < characters.endIndex, characters[index].isASCII, characters[index].isNumber { index += 1 }
            return index - first
        }
        guard digits() > 0 else { return nil }
        if index < characters.endIndex, characters[index] == "." {
            index += 1
            guard digits() > 0 else { return nil }
        }
        let rest = characters[index...]
        let unit = rest.starts(with: ["m", "s"]) ? 2 : rest.first == "s" || rest.first == "m" ? 1 : 0
        guard unit > 0 else { return nil }
        index += unit
        guard index == characters.endIndex || characters[index] == " " else { return nil }
        return index - characters.startIndex
    }

    /// `nanoseconds` (> 0) as a progression reading back exactly: minutes (from 1m) when a tenth of one divides it,
    /// else seconds (from 1s) when a millisecond does, else milliseconds (`1.5m`, `61s`, `0.25ms`).
    static func text(_ nanoseconds: Int64) -> String {
        if nanoseconds >= 60_000_000_000, nanoseconds % 6_000_000_000 == 0 {
            return decimal(nanoseconds, unit: 60_000_000_000) + "m"
        }
        if nanoseconds >= 1_000_000_000, nanoseconds % 1_000_000 == 0 {
            return decimal(nanoseconds, unit: 1_000_000_000) + "s"
        }
        return decimal(nanoseconds, unit: 1_000_000) + "ms"
    }

    /// `value / unit` in decimal, without trailing zeros.
    private static func decimal(_ value: Int64, unit: Int64) -> String {
        let (whole, remainder) = value.quotientAndRemainder(dividingBy: unit)
        guard remainder != 0 else { return String(whole) }
        var fraction = ""
        var rest = remainder
        while rest != 0 {
            rest *= 10
            fraction.append(Character(String(rest / unit)))
            rest %= unit
        }
        return "\(whole).\(fraction)"
    }
}
