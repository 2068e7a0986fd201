/// How ``TraceComparison`` lines two traces' events up, as a text diff
/// lines up lines: events with the same kind and payload pair up; where
/// they differ, the nearest point where they agree again is looked for
/// within the lookahead window.
enum EventAlignment {
    /// How many events of each trace to pass over before the two agree
    /// again: the fewest in all; among those, as many of each as possible
    /// (so a changed event pairs with its replacement), then expected's
    /// first. `nil` if they do not agree again within the window.
    static func nearestAgreement(_ left: inout TraceLookahead, _ right: inout TraceLookahead) -> (Int, Int)? {
        let last = (left.buffered - 1) + (right.buffered - 1)
        guard last > 0 else { return nil }
        for skipped in 1...last {
            for i in searchOrder[skipped] where i < left.buffered && skipped - i < right.buffered {
                if TraceLookahead.samePayload(&left, i, &right, skipped - i) { return (i, skipped - i) }
            }
        }
        return nil
    }

    /// For each number of events passed over in all, how many of them to
    /// take from expected, in the order ``nearestAgreement(_:_:)`` tries
    /// them: the most balanced split first, expected's larger share first.
    private static let searchOrder: [[Int]] = (0...(2 * TraceComparison.window - 2)).map { skipped in
        (0...skipped).sorted { (abs(2 * $0 - skipped), -$0) < (abs(2 * $1 - skipped), -$1) }
    }
}
