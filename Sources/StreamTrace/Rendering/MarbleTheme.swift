/// The symbols of a marble line, and how it shows elements: the one
/// vocabulary of `show`'s diagram, failure messages' recent timelines and
/// shape diffs.
///
/// `-` is time passing, `|` the stream finished, `X` it failed, `!` the
/// subscriber cancelled; `…` stands for events not drawn, `*` for several
/// events in one column, `o` for an element whose value is not known.
package struct MarbleTheme: Sendable {
    /// How elements are drawn.
    package enum Elements: Sendable {
        /// `a`, `b`, `c` … (`o` past 26), explained by a legend.
        case letters
        /// Each element's value, when every one is short (``ValueText/labelLimit``);
        /// else letters, with a legend of the whole values.
        case values
    }

    package var elements: Elements
    package var tick: Character = "-"
    package var finished: Character = "|"
    package var failure: Character = "X"
    package var cancel: Character = "!"
    package var unknownValue: Character = "o"
    package var crowded: Character = "*"
    package var omitted: Character = "…"

    /// `show` on a terminal: letters and a legend.
    package static let terminal = MarbleTheme(elements: .letters)
    /// Failure messages and shape diffs: the values themselves.
    package static let message = MarbleTheme(elements: .values)

    /// The symbol of a mark that is not an element's value.
    package func symbol(_ kind: EventKind) -> Character {
        switch kind {
        case .finished: finished
        case .failure: failure
        case .cancel: cancel
        default: unknownValue
        }
    }

    /// What a mark draws: a value's label (a negative number in brackets,
    /// so that its sign is not read as time), or a symbol.
    package func text(_ mark: RecentTimeline.Mark) -> String {
        switch mark {
        case .value(let label?): label.hasPrefix("-") ? "(\(label))" : label
        case .value(nil): String(unknownValue)
        case .finished: String(finished)
        case .failure: String(failure)
        case .cancel: String(cancel)
        }
    }
}
