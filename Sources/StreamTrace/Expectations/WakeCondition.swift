/// Which events may decide an expectation while its window is open: a wait evaluates its expectation only on those.
/// A completion or a cancel always may.
@usableFromInline
package struct WakeCondition: Sendable, Hashable {
    package var onEveryEvent = false
    package var minimumElements: Int?
    package var minimumUnconsumed: Int?

    package static let everyEvent = WakeCondition(onEveryEvent: true)
    /// Only a completion or a cancel decides it.
    package static let completion = WakeCondition()

    package static func elements(atLeast count: Int) -> WakeCondition {
        WakeCondition(minimumElements: count)
    }

    package static func unconsumed(atLeast count: Int) -> WakeCondition {
        WakeCondition(minimumUnconsumed: count)
    }

    /// Whether an event of `kind`, leaving `elementCount` elements (`consumedCount` consumed), may decide it.
    package func isMet(by kind: EventKind, elementCount: Int, consumedCount: Int) -> Bool {
        if onEveryEvent || kind.isTerminal { return true }
        if let minimumElements, elementCount >= minimumElements { return true }
        if let minimumUnconsumed, elementCount - consumedCount >= minimumUnconsumed { return true }
        return false
    }
}
