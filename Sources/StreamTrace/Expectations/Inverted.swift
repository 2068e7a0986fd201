extension StreamExpectations {
    /// The inverted form of `finished`, `next()` or `prefix(n)`: passes when
    /// the window ends before the base expectation would be fulfilled.
    public struct Inverted<Base: InvertibleExpectation>: Expectation {
        public typealias Element = Base.Element
        public typealias Failure = Base.Failure
        public typealias Output = Base.InvertedOutput

        public let base: Base

        public init(_ base: Base) {
            self.base = base
        }

        public var name: String { base.name + ".inverted" }

        public var wakeCondition: WakeCondition { base.invertedWakeCondition }

        public func evaluate(in window: some EventWindow<Base.Element, Base.Failure>) -> Verdict<Base.InvertedOutput> {
            base.evaluateInverted(in: window)
        }
    }
}
