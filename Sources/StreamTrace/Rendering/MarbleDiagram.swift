/// A one-line marble diagram of a whole recording: `-a--b-----c-|`.
///
/// Time runs left to right, scaled to the width; `-` is time passing, a
/// letter is an element (`a`, `b`, … or `o` when there are more than 26),
/// `|` the stream finished, `X` it failed, `!` the subscriber cancelled.
/// Events that fall in the same column are nudged apart, keeping their
/// order; only when there are more events than columns do some share a
/// column, shown as `*`. Drawn by ``ScaledMarbleLine`` in the terminal theme.
///
/// ```swift
/// let diagram = MarbleDiagram(events: [(0, .value), (5, .value), (10, .finished)], width: 11)
/// let line = diagram.line  // "a----b----|"
/// let legend = diagram.legend  // "a, b: elements   |: finished"
/// ```
package struct MarbleDiagram: Sendable, Equatable {
    /// The diagram.
    package var line: String
    /// What its symbols mean, for the symbols it uses.
    package var legend: String

    /// Draws `events` (time in nanoseconds and kind) in `width` columns.
    package init(events: [(nanoseconds: Int64, kind: EventKind)], width: Int) {
        let drawn = events.filter { $0.kind != .subscribe && $0.kind != .request }
        var marble = ScaledMarbleLine(
            start: events.first?.nanoseconds ?? 0, end: events.last?.nanoseconds ?? 0, width: width,
            drawnCount: drawn.count, elementCount: drawn.count { $0.kind == .value })
        for event in events { marble.append(nanoseconds: event.nanoseconds, kind: event.kind) }
        (line, legend) = (marble.line, marble.legend)
    }
}
