/// An expectation about the first `count` elements from the cursor (`next(2)`) or from the first (`prefix(3)`): its
/// name is its keyword with the count, the count is checked here, and it wakes once it may have them, once for all.
protocol CountedExpectation: StreamExpectation {
    /// The Swift call, keyword and argument label, and whether it counts from the cursor: `("next", "count", true)`.
    static var call: (keyword: String, argument: String, fromCursor: Bool) { get }
    var count: Int { get }
    init(count: Int)
}

extension CountedExpectation {
    init(_ count: Int) {
        precondition(count >= 0, "\(Self.call.keyword)(\(Self.call.argument)) needs a \(Self.call.argument) >= 0")
        self.init(count: count)
    }

    package var name: String { "\(Self.call.keyword)(\(count))" }

    package var wakeCondition: WakeCondition {
        Self.call.fromCursor ? .unconsumed(atLeast: count) : .elements(atLeast: count)
    }

    /// Its `count` elements, once `window` holds them.
    func counted(in window: some EventWindow<Element, Failure>) -> Range<Int>? {
        let start = Self.call.fromCursor ? window.consumedCount : 0
        return window.elementCount - start >= count ? start..<start + count : nil
    }
}

extension QueryDefinition where Expectation: CountedExpectation & TraceExpectation {
    /// `KEYWORD N`: the keyword with a whole number read into `Expectation(N)`; a pass keeps the N it may consume.
    init(
        counted reasons: [QueryReason], summary: String, passes: String,
        inverted: QueryDocumentation.Inverted? = nil
    ) {
        self.init(
            QuerySyntax(keyword: Expectation.call.keyword, arguments: [.wholeNumber]) { Expectation($0.count) },
            needs: { TraceNeeds(consumes: $0.count) }, reasons: reasons, summary: summary, passes: passes,
            inverted: inverted)
    }
}
