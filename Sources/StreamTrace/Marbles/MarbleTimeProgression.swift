/// A marble diagram's time progression: `10ms`, `1.2s`, `1m` — digits,
/// an optional fraction, and a unit (`ms`, `s` or `m`), as RxJS reads it.
enum MarbleTimeProgression {
    /// The length of the time progression at the start of `characters`, if
    /// one stands there: followed by a space or the end (else its digits
    /// are elements).
    static func length(in characters: ArraySlice<Character>) -> Int? {
        var index = characters.startIndex
        func digits() -> Int {
            let first = index
            while index < characters.endIndex, isDigit(characters[index]) { index += 1 }
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

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// `nanoseconds` (more than zero) as a time progression that reads
    /// back exactly: minutes from a minute up when a tenth of a minute
    /// divides it, else seconds from a second up when a millisecond does,
    /// else milliseconds: `1.5m`, `61s`, `1.2s`, `300ms`, `0.25ms`.
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
