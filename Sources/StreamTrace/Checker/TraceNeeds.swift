/// What one expectation needs a pass over a trace to keep (``TraceExpectation/traceNeeds``): the first elements for
/// all queries, the few after a query's cursor and the last few in its window. Runs of elements (`elements`,
/// `prefix N`) and scans with a matcher (`next where`) the pass streams itself.
package struct TraceNeeds: Sendable, Hashable {
    /// The values of the first elements, counted from the start of the trace.
    package var firstElements = 0
    /// How many elements' values after the cursor it reads (and moves the cursor past).
    package var consumes = 0
    /// The value of the window's last element.
    package var lastElement = false

    /// Only event kinds and times: `finished`, `count`, `completion` …
    package static let nothing = TraceNeeds()
}
