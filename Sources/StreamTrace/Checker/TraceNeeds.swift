/// What one expectation needs a pass over a trace to keep, declared by the
/// expectation itself (``TraceExpectation/traceNeeds``).
package struct TraceNeeds: Sendable, Hashable {
    /// The values of the first elements, counted from the start of the trace.
    package var firstElements = 0
    /// How far past the cursor it reads and moves the cursor: the values
    /// of that many elements after it.
    package var consumes = 0
    /// The value of the window's last element.
    package var lastElement = false
    /// Every element's value.
    package var allElements = false

    package init(firstElements: Int = 0, consumes: Int = 0, lastElement: Bool = false, allElements: Bool = false) {
        self.firstElements = firstElements
        self.consumes = consumes
        self.lastElement = lastElement
        self.allElements = allElements
    }

    /// Only event kinds and times: `finished`, `count`, `completion` …
    package static let nothing = TraceNeeds()
    /// Every value: `elements`, `available` …
    package static let everything = TraceNeeds(allElements: true)
}

/// What one pass over a trace must keep so that a list of queries can be
/// evaluated afterwards: as little as the queries allow, planned from each
/// expectation's ``TraceNeeds``.
///
/// The cursor can move at most by the sum of what the queries consume, so
/// the values of that many first elements are enough for `next`, `next N`,
/// `prefix N` and `single`. `within` needs the time of every event, to find
/// where each window ends; and where a window may end before the trace
/// does, "the last element" may be any of them.
struct TraceRetention: Equatable {
    /// Keep every element's value.
    var allValues = false
    /// Keep the values of this many first elements.
    var firstValues = 0
    /// Keep the last element's value.
    var lastValue = false
    /// Keep the time, line and kind of every event.
    var eventTimes = false

    init(queries: [Query]) {
        var reach = 1
        for query in queries {
            let needs = query.expectation.traceNeeds
            let windowed = query.within != nil
            eventTimes = eventTimes || windowed
            allValues = allValues || needs.allElements || (needs.lastElement && windowed)
            lastValue = lastValue || (needs.lastElement && !windowed)
            reach = Self.adding(reach, needs.consumes)
            firstValues = max(firstValues, needs.firstElements)
        }
        firstValues = max(firstValues, reach)
    }

    /// `a + b`, saturating: `next 9223372036854775807` is a valid query.
    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
