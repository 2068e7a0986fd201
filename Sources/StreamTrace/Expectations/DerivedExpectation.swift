/// An expectation derived from another (its ``base``), as
/// CombineExpectations' `Map` derives one: it evaluates the base and maps
/// what the base passes with (``Verdict/map(_:)``). The same events decide
/// both, so it waits as its base does.
///
/// `finished` is derived from `completion`; `elements`, `last`, `single`
/// from `finished`; `recording` and `failure` from `completion`;
/// `availableElements` from `elementCount`; `next()` from `next(1)`.
package protocol DerivedExpectation: StreamExpectation {
    associatedtype Base: StreamExpectation
    /// The expectation it is derived from.
    var base: Base { get }
}

extension DerivedExpectation {
    /// The base's: what may decide the base may decide it.
    package var wakeCondition: WakeCondition { base.wakeCondition }
}

/// A derived expectation that decides from what its base passed with:
/// `evaluate(in:)` is written once, here, and each supplies only
/// ``decide(_:cursor:at:in:)`` (`elements`, `last`, `single`, `failure`,
/// `availableElements`). Pending and failed bases stay as they are.
protocol PassedDerivedExpectation: StreamExpectation, DerivedExpectation
where Base: StreamExpectation, Base.Element == Element, Base.Failure == Failure {
    /// The verdict from the base's value, cursor and deciding event.
    func decide(
        _ passed: Base.Output, cursor: Int?, at location: EventLocation?, in window: some EventWindow<Element, Failure>
    ) -> Verdict<Output>
}

extension PassedDerivedExpectation {
    package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Output> {
        base.evaluate(in: window).flatMap { decide($0, cursor: $1, at: $2, in: window) }
    }
}
