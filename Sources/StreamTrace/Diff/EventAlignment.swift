/// How ``TraceComparison`` lines two traces' events up, as a text diff
/// lines up lines: events with the same kind and payload pair up; where
/// they differ, the nearest point where they agree again is looked for
/// within the lookahead window.
enum EventAlignment {
    /// How many events of each trace to pass over before the two agree
    /// again: the fewest in all; among those, as many of each as possible
    /// (so a changed event pairs with its replacement), then expected's
    /// first. `nil` if they do not agree again within the window.
    ///
    /// A point where the events agree in time too (as `time` compares them)
    /// comes before one where only their payloads agree: in a trace of equal
    /// values, one changed value is a change, not an insertion that would
    /// shift every later event by one and differ in all their times.
    ///
    /// The actual events' ``TraceLookahead/payloadHash(at:)`` are worked
    /// out once, and each expected event is compared only with those of
    /// its hash (every event of two traces may differ, and each then meets
    /// a window of events): a comparison of two integers for the others.
    /// A long value has no hash and is compared with every event. The
    /// nearest agreement is the least pair by ``isNearer(_:than:)``, a
    /// strict order: the same whichever pairs are tried besides the equal ones.
    static func nearestAgreement(
        _ left: inout TraceLookahead, _ right: inout TraceLookahead, time: TimeComparison
    ) -> (Int, Int)? {
        guard left.buffered + right.buffered > 2 else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: right.buffered) { hashes in
            var long: [Int] = []  // the actual events without a hash
            for j in 0..<right.buffered {
                let hash = right.payloadHash(at: j)
                hashes[j] = hash ?? 0
                if hash == nil { long.append(j) }
            }
            var best: (Int, Int)?  // the payloads agree
            var bestInTime: (Int, Int)?  // the times too
            func attempt(_ i: Int, _ j: Int) {
                let nearer = best.map { isNearer((i, j), than: $0) } ?? true
                let nearerInTime = bestInTime.map { isNearer((i, j), than: $0) } ?? true
                guard nearer || nearerInTime, TraceLookahead.samePayload(&left, i, &right, j) else { return }
                if nearer { best = (i, j) }
                if nearerInTime, TraceLookahead.sameTime(left, i, right, j, time) { bestInTime = (i, j) }
            }
            for i in 0..<left.buffered {
                guard let hash = left.payloadHash(at: i), long.isEmpty else {
                    let hash = left.payloadHash(at: i)
                    for j in 0..<hashes.count where i + j > 0 && (hash == nil || hashes[j] == hash || long.contains(j))
                    {
                        attempt(i, j)
                    }
                    continue
                }
                for j in 0..<hashes.count where hashes[j] == hash && i + j > 0 { attempt(i, j) }
            }
            return bestInTime ?? best
        }
    }

    /// Whether passing over `a` events is nearer than `b`: fewer in all;
    /// then the more balanced split; then more of expected's.
    private static func isNearer(_ a: (Int, Int), than b: (Int, Int)) -> Bool {
        (a.0 + a.1, abs(a.0 - a.1), -a.0) < (b.0 + b.1, abs(b.0 - b.1), -b.0)
    }
}
