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
    private let invertedBound: any AnyBoundExpectation<InvertedOutput>

    package init(_ bound: any AnyBoundExpectation<Output>, inverted: any AnyBoundExpectation<InvertedOutput>) {
        invertedBound = inverted
        super.init(bound, opposite: inverted)
    }

    /// The inverted expectation: fulfilled when the window ends before this one would be.
    public var inverted: RecorderExpectation<InvertedOutput> { RecorderExpectation(invertedBound, opposite: bound) }
}

extension InvertibleRecorderExpectation: @unchecked Sendable where Output: Sendable {}
