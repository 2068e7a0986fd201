/// An expectation derived from another (its ``base``), as
/// CombineExpectations' `Map` derives one: it evaluates the base and maps
/// what the base passes with (``Verdict/map(_:)``). The same events decide
/// both, so it waits as its base does.
///
/// `finished` is derived from `completion`; `elements`, `last`, `single`
/// from `finished`; `recording` and `failure` from `completion`;
/// `availableElements` from `elementCount`; `next()` from `next(1)`.
package protocol DerivedExpectation: WakeFiltered {
    associatedtype Base: WakeFiltered
    /// The expectation it is derived from.
    var base: Base { get }
}

extension DerivedExpectation {
    /// The base's: what may decide the base may decide it.
    package var wakeCondition: WakeCondition { base.wakeCondition }
}
