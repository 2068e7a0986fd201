/// An expectation about the first element its condition accepts, looked for from the cursor (`next(where:)`) or from
/// the first element (`contains(where:)`): it passes with that element, and its inverted form passes when the window
/// is over without one. Both fail alike when none comes; a pass over a trace searches for it with its matcher.
package protocol FirstMatchExpectation: InvertibleExpectation, ConditionalExpectation
where Output == Element, InvertedOutput == Void {
    /// Whether it looks from the cursor on, else from the first element.
    static var fromCursor: Bool { get }
    /// The element it found, as its inverted form's failure names it: `got 3`, `element 2 is 3`.
    func found(_ index: Int, in window: some EventWindow<Element, Failure>) -> String
}

extension FirstMatchExpectation {
    /// The first element the condition accepts, from where it looks.
    func firstMatch(in window: some EventWindow<Element, Failure>) -> Int? {
        window.firstElement(from: Self.fromCursor ? window.consumedCount : 0, where: condition, accepting: true)
    }

    /// No element the condition accepts: the stream failed or finished first, or the window ended (`end`: where);
    /// `read` says what it read. Pending while the window is open.
    func noMatch(in window: some EventWindow<Element, Failure>, read: String, end: EventLocation?) -> Verdict<Element> {
        window.notFound(expected: "expected an element \(condition.description)", read: read, end: end)
    }

    /// Passes when the window ends, or the stream completes, with no element the condition accepts.
    package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
        if let index = firstMatch(in: window) {
            return .failed(
                window.failure(
                    .invertedFulfilled,
                    "expected no element \(condition.description)\(window.ending), but \(found(index, in: window))",
                    at: window.elementLocation(at: index)))
        }
        guard window.isOver else { return .pending }
        return .passed((), cursor: nil, at: window.endLocation)
    }
}

extension FirstMatchExpectation where Self: InvertibleTraceExpectation {
    /// A search for the first element the matcher accepts, for the expectation and its inverted form alike.
    package var reading: TraceReading { search(accepting: true, fromCursor: Self.fromCursor) }
    package var invertedReading: TraceReading { reading }
}

extension QueryDefinition where Expectation: FirstMatchExpectation & InvertibleTraceExpectation {
    /// `KEYWORD where MATCHER` (``init(where:reasons:summary:passes:inverted:)``), failing when no element is found
    /// (`notFound`) or the stream failed first (`failed`); its inverted form passes with nothing, consuming nothing.
    init(
        firstWhere keyword: String, notFound: String, failed: String, summary: String, passes: String,
        inverted: (summary: String, fails: String)
    ) {
        self.init(
            where: keyword,
            reasons: [QueryReason(.noMatchingElement, when: notFound), QueryReason(.streamFailed, when: failed)],
            summary: summary, passes: passes,
            inverted: .init(summary: inverted.summary, passes: "nothing; consumes nothing", fails: inverted.fails))
    }
}
