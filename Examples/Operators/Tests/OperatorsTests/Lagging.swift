import StreamTrace

/// Upstream's `LaggingAsyncSequence` (a test helper of TestValidationTests.swift): each element of `base`, `delay`
/// after `base` gave it.
struct Lagging<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
    typealias Element = Base.Element

    let base: Base
    let delay: Duration
    let clock: TestClock

    init(_ base: Base, by delay: Duration, clock: TestClock) {
        (self.base, self.delay, self.clock) = (base, delay, clock)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let delay: Duration
        let clock: TestClock

        mutating func next() async throws -> Element? {
            guard let element = try await base.next() else { return nil }
            try await clock.sleep(until: clock.now.advanced(by: delay))
            return element
        }
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), delay: delay, clock: clock)
    }
}
