/// SplitMix64: its whole sequence follows from the seed, on every platform and in every run: a seed replays a schedule.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// An index below `count` (which is at least 1), uniformly.
    package mutating func index(below count: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(count))
    }
}
