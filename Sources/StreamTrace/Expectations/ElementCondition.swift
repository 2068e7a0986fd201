/// What `next(where:)` and `every(where:)` ask of each element: the test, how messages say it
/// (`matching the predicate`, `where == 3`), and for a query, its matcher, which a pass over a trace compiles once to
/// look through the elements' texts.
package struct ElementCondition<Element>: Sendable {
    package let test: @Sendable (Element) -> Bool
    package let description: String
    /// The matcher the test is made from (`where == 3`), if a query wrote it.
    package let matcher: QueryMatcher?

    package init(_ description: String, matcher: QueryMatcher? = nil, _ test: @escaping @Sendable (Element) -> Bool) {
        self.test = test
        self.description = description
        self.matcher = matcher
    }

    package static func predicate(_ test: @escaping @Sendable (Element) -> Bool) -> Self {
        Self("matching the predicate", test)
    }
}

/// An expectation about the elements a condition accepts: `next(where:)`, `contains(where:)`, `every(where:)`.
package protocol ConditionalExpectation: StreamExpectation {
    init(_ condition: ElementCondition<Element>)
    var condition: ElementCondition<Element> { get }
}

extension ConditionalExpectation where Element == RawJSON {
    /// How a pass reads a query's elements for it: a search for the first its condition's matcher accepts
    /// (`accepting`) or rejects, from the cursor or from the first element.
    package func search(accepting: Bool, fromCursor: Bool) -> TraceReading {
        ElementSearch(condition, accepting: accepting, fromCursor: fromCursor).map(TraceReading.search) ?? .window
    }
}

extension ElementCondition<RawJSON> {
    /// A query's `where MATCHER`: its test compares each value's text, with no element built.
    package init(clause: String, _ matcher: QueryMatcher) {
        self.init("\(clause) \(matcher)", matcher: matcher, matcher.textPredicate)
    }
}

extension EventWindow {
    /// The default ``EventWindow/firstElement(from:where:accepting:)``: reads each element from `start` on, skipping
    /// those an earlier pending evaluation of this wait already read (``EventWindow/scannedCount``).
    package func firstElement(
        from start: Int, where condition: ElementCondition<Element>, accepting: Bool
    ) -> Int? {
        (max(start, scannedCount)..<elementCount).first { condition.test(element(at: $0)) == accepting }
    }
}
