/// An expectation derived from another (its ``base``): it evaluates the base and maps what the base passes with
/// (``Verdict/map(_:)``). The same events decide both, so it waits as its base does.
package protocol DerivedExpectation: StreamExpectation {
    associatedtype Base: StreamExpectation
    var base: Base { get }
}

extension DerivedExpectation {
    package var wakeCondition: WakeCondition { base.wakeCondition }
}

/// A derived expectation that decides from what its base passed with; pending and failed bases stay as they are.
protocol PassedDerivedExpectation: StreamExpectation, DerivedExpectation
where Base: StreamExpectation, Base.Element == Element, Base.Failure == Failure {
    func decide(
        _ passed: Base.Output, cursor: Int?, at location: EventLocation?, in window: some EventWindow<Element, Failure>
    ) -> Verdict<Output>
}

extension PassedDerivedExpectation {
    package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Output> {
        base.evaluate(in: window).flatMap { decide($0, cursor: $1, at: $2, in: window) }
    }
}
