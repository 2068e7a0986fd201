/// An expectation with an inverted form — `finished`, `next()`, `prefix(n)`, `next(where:)` — which passes when the
/// wait ends before the expectation would be fulfilled.
///
/// ```swift
/// let recorder = Recorder<Int, Never>()
/// recorder.receive(1)
/// try recorder.finished.inverted.get()  // not finished yet: passes
/// let firstTwo = try recorder.prefix(2).inverted.get()  // [1]: fewer than 2 so far
/// ```
public final class InvertibleRecorderExpectation<Output, InvertedOutput>: RecorderExpectation<Output> {
    private let invert: () -> RecorderExpectation<InvertedOutput>

    package init(
        _ bound: any AnyBoundExpectation<Output>, inverted: @escaping () -> RecorderExpectation<InvertedOutput>
    ) {
        invert = inverted
        super.init(bound)
        opposite = { inverted().result().map { $0 as Any } }
    }

    /// The inverted expectation: fulfilled when the window ends before this one would be.
    public var inverted: RecorderExpectation<InvertedOutput> {
        let inverted = invert()
        let base = bound
        inverted.opposite = { Result { () throws(RecordingError) in try base.get() as Any } }
        return inverted
    }
}

extension InvertibleRecorderExpectation: @unchecked Sendable where Output: Sendable {}
