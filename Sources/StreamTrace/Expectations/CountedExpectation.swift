/// An expectation with one whole-number argument, `next(2)` or `prefix(3)`: its name is its keyword with the count,
/// and the count is checked here, once for all of them.
protocol CountedExpectation: StreamExpectation {
    /// The Swift call, keyword and argument label: `("next", "count")`, `("prefix", "maxLength")`.
    static var call: (keyword: String, argument: String) { get }
    var count: Int { get }
    init(count: Int)
}

extension CountedExpectation {
    init(_ count: Int) {
        precondition(count >= 0, "\(Self.call.keyword)(\(Self.call.argument)) needs a \(Self.call.argument) >= 0")
        self.init(count: count)
    }

    package var name: String { "\(Self.call.keyword)(\(count))" }
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
