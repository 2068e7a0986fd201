/// What one event draws on a marble line: a labelled element (a diagram's `Character`, a timeline's value text) or an
/// end, drawn as ``MarbleTheme`` says. ``MarbleDiagram/Symbol`` and ``RecentTimeline/Mark`` are this type.
package enum MarbleMark<Label: Sendable & Hashable>: Sendable, Hashable {
    case element(Label)
    case finished
    case failure
    case cancel

    /// Whether it ends the stream (anything but an element).
    package var isTerminal: Bool { kind.isTerminal }

    /// The kind of the event it draws: an element is a value.
    package var kind: EventKind {
        switch self {
        case .element: .value
        case .finished: .finished
        case .failure: .failure
        case .cancel: .cancel
        }
    }
}
