/// The symbols of every marble line StreamTrace draws — failure messages'
/// recent timelines, shape tables, `diff`, `show` and `show --follow` —
/// those of RxJS marble diagrams where the two meet, so that a line drawn
/// here reads back in a marble test:
///
/// - `-` a frame of time with no event; a space takes no time;
/// - `a` … `z` an element, lettered by distinct value (see
///   ``MarbleLettering``), named whole in the legend;
/// - `|` the stream finished, `#` it failed, `!` the subscriber cancelled;
/// - `(ab|)` several events in one column (one frame), in order.
///
/// Three symbols are StreamTrace's own, for lines that cannot say
/// everything: `?` an element the legend does not name (its value was not
/// kept, or more than 26 distinct values were drawn), `*` several events
/// where a line has no room for their group, `…` events not drawn. A
/// caret `^` under two lines marks where they first differ.
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

    /// The symbol of an event that is not an element (elements are
    /// lettered), `nil` for one that is not drawn (subscribe, request).
    package static func symbol(_ kind: EventKind) -> Character? {
        switch kind {
        case .finished: finished
        case .failure: failure
        case .cancel: cancel
        case .value: unnamed
        default: nil
        }
    }

    /// The symbol of a mark that ends the stream (`?` for an element,
    /// which a line letters).
    package static func symbol<Label>(_ mark: MarbleMark<Label>) -> Character {
        switch mark {
        case .finished: finished
        case .failure: failure
        case .cancel: cancel
        case .element: unnamed
        }
    }

    /// What the symbols other than letters mean, for those `symbols` holds
    /// (`|: finished`, `?: an element not named here`), in this order.
    package static func meanings(of symbols: Set<Character>) -> [String] {
        let all: [(Character, String)] = [
            (finished, "finished"), (failure, "failure"), (cancel, "cancel"), (unnamed, "an element not named here"),
            (crowded, "several events"),
        ]
        return all.filter { symbols.contains($0.0) }.map { "\($0.0): \($0.1)" }
    }
}
