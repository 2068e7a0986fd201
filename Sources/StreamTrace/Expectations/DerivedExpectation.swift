/// An expectation derived from another (its ``base``): it evaluates the base and maps what the base passes with
/// (``Verdict/map(_:)``). The same events decide both, so it waits as its base does.
package protocol DerivedExpectation: StreamExpectation {
    associatedtype Base: StreamExpectation
    var base: Base { get }
}

extension DerivedExpectation {
    package var wakeCondition: WakeCondition { base.wakeCondition }
}
