/// An element once `interval` has passed on `clock` without another one:
/// each element cancels the one waiting before it. When the base ends, the
/// element still waiting is sent at once, then the end.
extension AsyncSequence where Self: Sendable, Element: Sendable {
    public func debounce<C: Clock>(
        for interval: C.Duration, clock: C
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let latest = Latest<Element>()
                var timer: Task<Void, Never>?
                do {
                    for try await element in self {
                        timer?.cancel()
                        let number = await latest.hold(element)
                        timer = Task {
                            do { try await clock.sleep(for: interval) } catch { return }
                            if let element = await latest.take(number) { continuation.yield(element) }
                        }
                    }
                    timer?.cancel()
                    if let element = await latest.take() { continuation.yield(element) }
                    continuation.finish()
                } catch {
                    timer?.cancel()
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// The element waiting to be sent, numbered so that a late timer sends
/// nothing.
private actor Latest<Element: Sendable> {
    private var waiting: (element: Element, number: Int)?
    private var count = 0

    func hold(_ element: Element) -> Int {
        count += 1
        waiting = (element, count)
        return count
    }

    /// The waiting element if it is still number `number` (any, if `nil`).
    func take(_ number: Int? = nil) -> Element? {
        guard let waiting, number == nil || waiting.number == number else { return nil }
        self.waiting = nil
        return waiting.element
    }
}
