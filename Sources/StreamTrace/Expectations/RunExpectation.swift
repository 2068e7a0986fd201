/// An expectation whose value is a run of consecutive elements (`elements`, `prefix(n)`, `next(n)`…). It decides
/// which elements, and its value is made of them: a pass over a trace builds that value as the elements stream by
/// (``ElementRun``) and asks the expectation only which.
package protocol RunExpectation<Element, Failure>: StreamExpectation {
    /// Decides which elements its value holds, with its cursor and the event that decided it.
    func evaluateRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>>
}

/// A run expectation whose inverted form passes with a run too (`prefix(n)`).
package protocol InvertibleRunExpectation<Element, Failure>: RunExpectation, InvertibleExpectation {
    func evaluateInvertedRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>>
}

extension RunExpectation where Output == [Element] {
    package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
        evaluateRun(in: window).map { window.elements($0) }
    }
}
