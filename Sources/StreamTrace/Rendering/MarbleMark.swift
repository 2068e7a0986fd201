/// What one event draws on a marble line: an element, labelled (a marble
/// diagram's `Character`, a timeline's value text), or one of the three
/// ends, drawn as ``MarbleTheme`` says. ``MarbleDiagram/Symbol`` and
/// ``RecentTimeline/Mark`` are this type.
package enum MarbleMark<Label: Sendable & Hashable>: Sendable, Hashable {
    /// An element, with its label.
    case element(Label)
    case finished
    case failure
    case cancel

    /// Whether it ends the stream (anything but an element).
    package var isTerminal: Bool {
        if case .element = self { return false }
        return true
    }
}
