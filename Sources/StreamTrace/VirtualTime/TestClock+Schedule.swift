extension TestClock {
    /// The order in which a virtual clock runs the jobs of the tasks it follows, and wakes the sleepers due at one
    /// instant.
    ///
    /// A clock runs those jobs one at a time, never two at once. Under ``inOrder`` (the default) the order depends only
    /// on the program: jobs run in the order they became ready, and sleepers due at one instant wake in the order they
    /// began to sleep, each after the one before has run on and suspended again. Under ``random(seed:)`` the clock
    /// explores: at each step it picks the next job among those ready, and it wakes the sleepers due at one instant
    /// together, in an order drawn from the seed. The same seed gives the same order, and the same trace bytes; a
    /// recorder on the clock writes the seed in its trace header (`"seed":7`).
    /// What a recorder does at a frame of its own diagrams (`record(clock:subscription:)`, `record(clock:demand:)`)
    /// comes first under every schedule: before every other sleeper and action due at that instant, so that a cancel
    /// at frame N takes effect before frame N's events.
    ///
    /// ```swift
    /// let clock = TestClock(schedule: .random(seed: 7))
    /// let first = TestStream<String>("-a|", clock: clock)
    /// let second = TestStream<String>("-b|", clock: clock)
    /// let recorder = merge(first, second).record(clock: clock)  // a task for each input
    /// await clock.advance(by: .milliseconds(2))
    /// // "a" then "b", or "b" then "a": the same for seed 7 in every run, and "seed":7 in the header
    /// ```
    ///
    /// A clock created with no schedule takes ``current``: the one the test runs under when a test helper explores
    /// schedules (`.exploringSchedules(_:)` in Swift Testing, `exploreSchedules` in XCTest), else ``inOrder``.
    public struct Schedule: Sendable, Hashable {
        /// The seed of a random schedule; `nil` for ``inOrder``.
        public let seed: UInt64?

        private init(seed: UInt64?) {
            self.seed = seed
        }

        /// The program's own order: jobs in the order they became ready (whatever their priority), sleepers due at one
        /// instant in the order they began to sleep.
        public static let inOrder = Schedule(seed: nil)

        /// An order drawn from `seed`: the next job among those ready, and the order in which the sleepers due at one
        /// instant wake.
        public static func random(seed: UInt64) -> Schedule {
            Schedule(seed: seed)
        }

        /// The schedule a clock created now takes when it is given none: the one of the schedule exploration the
        /// current task runs in, else ``inOrder``.
        public static var current: Schedule { ScheduleRun.current?.schedule ?? .inOrder }

        /// `in order`, or `random(seed: 7)`: what failures call it.
        package var name: String {
            guard let seed else { return "in order" }
            return "random(seed: \(seed))"
        }

        /// A generator of the schedule's choices, `nil` in order; `stream` keeps the jobs' apart from the sleepers'.
        package func generator(stream: UInt64) -> SeededGenerator? {
            seed.map { SeededGenerator(seed: $0 ^ (stream &* 0xD1B5_4A32_D192_ED03)) }
        }
    }
}
