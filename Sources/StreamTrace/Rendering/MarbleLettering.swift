/// The letters of elements on marble lines, by distinct value (the key's `==`): the first value drawn is `a`, the next
/// different one `b`, and an equal value takes its letter again on every line drawn with this lettering, so lines
/// differ exactly where their values do. Past `z`, values are drawn ``MarbleTheme/unnamed``.
package struct MarbleLettering<Key: Hashable> {
    /// The letters given so far, in order, with the text each names.
    private var entries: [(letter: Character, label: String)] = []
    private var letters: [Key: Character] = [:]
    /// Letters no value takes: they stand for something else (an input's letter for another value).
    private var blocked: Set<Character> = []
    /// Whether every letter is taken; it stays so, letters are never freed.
    package private(set) var isFull = false

    package init() {}

    /// The letter of `key`'s value: its own, else the next free letter (named by `label` in the legend), else `?`.
    package mutating func letter(for key: Key, label: @autoclosure () -> String) -> Character {
        if let letter = letters[key] { return letter }
        guard !isFull, let letter = nextLetter else {
            isFull = true
            return MarbleTheme.unnamed
        }
        reserve(letter, for: key, label: label())
        return letter
    }

    /// The letter of `key`'s value: its own, else `preferred` (a one-character string's own character) if no value
    /// has it and it stands for nothing else, else as ``letter(for:label:)``.
    package mutating func letter(for key: Key, preferring preferred: Character?, label: @autoclosure () -> String)
        -> Character
    {
        if let letter = letters[key] { return letter }
        if let preferred, isFree(preferred) {
            reserve(preferred, for: key, label: label())
            return preferred
        }
        return letter(for: key, label: label())
    }

    /// Keeps `letter` from every value: it stands for something else on the lines drawn.
    package mutating func block(_ letter: Character) {
        blocked.insert(letter)
    }

    /// Whether `letter` names no value and stands for nothing else.
    package func isFree(_ letter: Character) -> Bool {
        !blocked.contains(letter) && !entries.contains { $0.letter == letter }
    }

    /// Gives `key`'s value the letter `letter` (a name a diagram's author chose); later values get letters not taken.
    package mutating func reserve(_ letter: Character, for key: Key, label: String) {
        letters[key] = letter
        entries.append((letter, label))
    }

    /// Each letter `lines` draw and the value it names (`a = {"id":1}`), in the order the letters were given.
    package func legend(of lines: [String]) -> [String] {
        let drawn = Set(lines.joined())
        return entries.filter { drawn.contains($0.letter) }.map { "\($0.letter) = \($0.label)" }
    }

    private var nextLetter: Character? {
        let taken = Set(entries.map(\.letter)).union(blocked)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).lazy.map { Character(Unicode.Scalar($0)) }.first {
            !taken.contains($0)
        }
    }
}

extension MarbleLettering: Sendable where Key: Sendable {}

/// A value as `show`'s lettering compares it: its compact JSON text's hash and length, so that a large value is not
/// kept to be compared.
package struct MarbleValueKey: Hashable, Sendable {
    var hash: Int
    var length: Int

    /// The key of a text of `length` UTF-8 bytes that hash to `hash` (given to a fresh `Hasher` in one call).
    package init(hash: Int, length: Int) {
        self.hash = hash
        self.length = length
    }

    package init(_ text: String) {
        var hasher = Hasher()
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hash = hasher.finalize()
        length = text.utf8.count
    }
}

extension MarbleLettering<MarbleValueKey> {
    /// The symbol of a trace's event: an element's letter, by its compact JSON text (the legend names it as far as
    /// `labelWidth` columns show), or an end's symbol; `nil` for subscribe and request, which are not drawn.
    package mutating func symbol(of event: TraceEvent, labelWidth: Int) -> Character? {
        guard case .value(let value) = event.event else { return MarbleTheme.symbol(event.event.kind) }
        let text = value.jsonText
        return letter(
            for: MarbleValueKey(text), label: TextLayout.truncated(TerminalText.escaped(text), to: labelWidth))
    }
}
