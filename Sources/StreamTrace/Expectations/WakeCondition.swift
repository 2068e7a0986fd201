/// Which events may decide an expectation while its window is open: a wait evaluates its expectation only on those.
/// A completion or a cancel always may.
@usableFromInline
package enum WakeCondition: Sendable, Hashable {
    case everyEvent
    /// Only a completion or a cancel decides it.
    case completion
    case elements(atLeast: Int)
    case unconsumed(atLeast: Int)

    /// The fewest elements that may decide it, `consumed` of them consumed (`Int.max`: only a completion or a cancel).
    package func elementThreshold(consumed: Int) -> Int {
        switch self {
        case .everyEvent: 0
        case .completion: .max
        case .elements(let minimum): minimum
        case .unconsumed(let minimum):
            consumed.addingReportingOverflow(minimum).overflow ? .max : consumed + minimum
        }
    }

    /// Whether an event of `kind`, leaving `elementCount` elements (`consumedCount` consumed), may decide it.
    package func isMet(by kind: EventKind, elementCount: Int, consumedCount: Int) -> Bool {
        kind.isTerminal || elementCount >= elementThreshold(consumed: consumedCount)
    }
}
