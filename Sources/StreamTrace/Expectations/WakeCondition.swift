/// Which events may decide an expectation while its window is open. A wait
/// evaluates its expectation only on such events; the others cannot change
/// the verdict.
@usableFromInline
package struct WakeCondition: Sendable, Hashable {
    /// Any event may decide it.
    package var onEveryEvent: Bool
    /// It may be decided once the window holds at least this many elements.
    package var minimumElements: Int?
    /// It may be decided once at least this many elements are unconsumed.
    package var minimumUnconsumed: Int?

    package init(onEveryEvent: Bool = false, minimumElements: Int? = nil, minimumUnconsumed: Int? = nil) {
        self.onEveryEvent = onEveryEvent
        self.minimumElements = minimumElements
        self.minimumUnconsumed = minimumUnconsumed
    }

    /// Any event may decide it.
    package static let everyEvent = WakeCondition(onEveryEvent: true)
    /// Only a completion or a cancel decides it.
    package static let completion = WakeCondition()

    /// A completion, or `count` elements in the window.
    package static func elements(atLeast count: Int) -> WakeCondition {
        WakeCondition(minimumElements: count)
    }

    /// A completion, or `count` unconsumed elements.
    package static func unconsumed(atLeast count: Int) -> WakeCondition {
        WakeCondition(minimumUnconsumed: count)
    }

    /// Whether an event of `kind`, leaving `elementCount` elements of which
    /// `consumedCount` are consumed, may decide the expectation.
    package func isMet(by kind: EventKind, elementCount: Int, consumedCount: Int) -> Bool {
        if onEveryEvent || kind.isTerminal { return true }
        if let minimumElements, elementCount >= minimumElements { return true }
        if let minimumUnconsumed, elementCount - consumedCount >= minimumUnconsumed { return true }
        return false
    }
}
