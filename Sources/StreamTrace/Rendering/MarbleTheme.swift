/// The symbols of every marble line StreamTrace draws, RxJS's where the two meet so a line reads back in a marble test:
///
/// - `-` a frame of time with no event; a space takes no time;
/// - `a` … `z` an element, lettered by distinct value (see ``MarbleLettering``);
/// - `|` the stream finished, `#` it failed, `!` the subscriber cancelled;
/// - `(ab|)` several events in one column (one frame), in order.
///
/// StreamTrace's own, for lines that cannot say everything: `?` an element the legend does not name (its value was not
/// kept, or past 26 distinct values), `*` several events where there is no room for their group, `…` events not drawn,
/// and a caret `^` under two lines where they first differ.
package enum MarbleTheme {
    package static let tick: Character = "-"
    package static let finished: Character = "|"
    package static let failure: Character = "#"
    package static let cancel: Character = "!"
    package static let groupStart: Character = "("
    package static let groupEnd: Character = ")"
    package static let unnamed: Character = "?"
    package static let crowded: Character = "*"
    package static let omitted: Character = "…"
    package static let caret: Character = "^"

    /// The symbol of an event that is not an element (elements are lettered); `nil` for subscribe and request.
    package static func symbol(_ kind: EventKind) -> Character? {
        switch kind {
        case .finished: finished
        case .failure: failure
        case .cancel: cancel
        case .value: unnamed
        default: nil
        }
    }

    /// What a diagram's character stands for, read back as `symbol(_:)` draws it: an end's symbol that end, any other
    /// character an element it names.
    package static func mark(of character: Character) -> MarbleMark<Character> {
        [MarbleMark<Character>.finished, .failure, .cancel].first { symbol($0.kind) == character }
            ?? .element(character)
    }

    /// What the non-letter `symbols` mean (`|: finished`, `?: an element not named here`), in this order.
    package static func meanings(of symbols: Set<Character>) -> [String] {
        let all: [(Character, String)] = [
            (finished, "finished"), (failure, "failure"), (cancel, "cancel"), (unnamed, "an element not named here"),
            (crowded, "several events"),
        ]
        return all.filter { symbols.contains($0.0) }.map { "\($0.0): \($0.1)" }
    }
}
