/// How ``TraceComparison`` lines two traces' events up, as a text diff lines up lines: events with the same kind and
/// payload pair up; where they differ, the nearest agreement within the lookahead window is looked for.
enum EventAlignment {
    /// How many events of each trace to pass over before the two agree again, `nil` if not within the window: the
    /// fewest in all, then as many of each as possible (so a changed event pairs with its replacement), then expected's
    /// first. A point where the times agree too (as `time` compares them) comes first: in a trace of equal values, one
    /// changed value is a change, not an insertion that shifts every later event. Each expected event is compared only
    /// with the actual events of its ``TraceLookahead/payloadHash(at:)``, found in a table built once (all events may
    /// differ, each meeting a window); a long value has no hash and meets every event. The nearest is the least pair by
    /// ``isNearer(_:than:)``, a strict order, so it does not depend on which other pairs are tried.
    static func nearestAgreement(
        _ left: inout TraceLookahead, _ right: inout TraceLookahead, time: TimeComparison
    ) -> (Int, Int)? {
        guard left.buffered + right.buffered > 2 else { return nil }
        let count = right.buffered
        var slots = 16
        while slots < 2 * count { slots <<= 1 }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count + slots) { space in
            // The actual events' hashes, and a chained hash table of them: each slot's first event, each event's next.
            let hashes = UnsafeMutableBufferPointer(rebasing: space[0..<count])
            let next = UnsafeMutableBufferPointer(rebasing: space[count..<(2 * count)])
            let first = UnsafeMutableBufferPointer(rebasing: space[(2 * count)...])
            first.initialize(repeating: -1)
            var long: [Int] = []  // the actual events without a hash
            for j in (0..<count).reversed() {
                let hash = right.payloadHash(at: j)
                hashes[j] = hash ?? 0
                if hash == nil { long.append(j) }
                (next[j], first[hashes[j] & (slots - 1)]) = (first[hashes[j] & (slots - 1)], j)
            }
            var best: (Int, Int)?  // the payloads agree
            var bestInTime: (Int, Int)?  // the times too
            func attempt(_ i: Int, _ j: Int) {
                let nearer = best.map { isNearer((i, j), than: $0) } ?? true
                let nearerInTime = bestInTime.map { isNearer((i, j), than: $0) } ?? true
                guard nearer || nearerInTime, TraceLookahead.samePayload(&left, i, &right, j) else { return }
                if nearer { best = (i, j) }
                if nearerInTime, time.agree(left[i].nanoseconds, right[j].nanoseconds) { bestInTime = (i, j) }
            }
            for i in 0..<left.buffered {
                guard let hash = left.payloadHash(at: i), long.isEmpty else {
                    let hash = left.payloadHash(at: i)
                    for j in 0..<count where i + j > 0 && (hash == nil || hashes[j] == hash || long.contains(j)) {
                        attempt(i, j)
                    }
                    continue
                }
                var j = first[hash & (slots - 1)]
                while j >= 0 {
                    if hashes[j] == hash, i + j > 0 { attempt(i, j) }
                    j = next[j]
                }
            }
            return bestInTime ?? best
        }
    }

    /// Whether passing over `a` is nearer than `b`: fewer in all, then more balanced, then more of expected's.
    private static func isNearer(_ a: (Int, Int), than b: (Int, Int)) -> Bool {
        (a.0 + a.1, abs(a.0 - a.1), -a.0) < (b.0 + b.1, abs(b.0 - b.1), -b.0)
    }
}
