extension StreamExpectations {
    /// The inverted form of an expectation: passes when the window ends before the base would be fulfilled.
    package struct Inverted<Base: InvertibleExpectation>: StreamExpectation {
        package typealias Element = Base.Element
        package typealias Failure = Base.Failure

        package let base: Base

        package init(_ base: Base) {
            self.base = base
        }

        package var name: String { base.name + ".inverted" }
        /// What may fulfil the base may also break its inverted form.
        package var wakeCondition: WakeCondition { base.wakeCondition }

        package func evaluate(in window: some EventWindow<Base.Element, Base.Failure>) -> Verdict<Base.InvertedOutput> {
            base.evaluateInverted(in: window)
        }
    }
}

extension RecordingError.Reason {
    /// An inverted expectation was fulfilled: what it expected not to happen in the window happened.
    public static let invertedFulfilled = Self(rawValue: "invertedFulfilled")
}
