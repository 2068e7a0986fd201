extension StreamExpectations {
    /// The inverted form of `finished`, `next()`, `prefix(n)` or
    /// `next(where:)`: passes when the window ends before the base
    /// expectation would be fulfilled.
    public struct Inverted<Base: InvertibleExpectation>: StreamExpectation {
        public typealias Element = Base.Element
        public typealias Failure = Base.Failure
        public typealias Output = Base.InvertedOutput

        public let base: Base

        public init(_ base: Base) {
            self.base = base
        }

        public var name: String { base.name + ".inverted" }

        public func evaluate(in window: some EventWindow<Base.Element, Base.Failure>) -> Verdict<Base.InvertedOutput> {
            base.evaluateInverted(in: window)
        }
    }
}

extension StreamExpectations.Inverted: WakeFiltered where Base: WakeFiltered {
    /// What may fulfil the base may also break its inverted form.
    package var wakeCondition: WakeCondition { base.wakeCondition }
}

extension RecorderExpectation where Base: InvertibleExpectation {
    /// The inverted expectation: fulfilled when the window ends before this
    /// one would be.
    public var inverted: RecorderExpectation<StreamExpectations.Inverted<Base>> {
        RecorderExpectation<StreamExpectations.Inverted<Base>>(
            recorder: recorder, expectation: StreamExpectations.Inverted(expectation))
    }
}

extension RecordingError.Reason {
    /// An inverted expectation was fulfilled: what it expected not to
    /// happen in the window happened.
    public static let invertedFulfilled = Self(rawValue: "invertedFulfilled")
}
