/// What one pass over a trace must keep so that a list of queries can be
/// evaluated afterwards: as little as the queries allow.
///
/// Queries that look at elements by position (`next`, `prefix N`, `single`)
/// need only the first few elements; `last` needs the last one; `elements`,
/// `available`, `recording` (and `last … within`) need them all. `within`
/// needs the time of every event, to find where each window ends.
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
        // The cursor can move at most by the sum of what next and prefix consume.
        var reach = 1
        for query in queries {
            if query.within != nil { eventTimes = true }
            switch query.expectation {
            case .available, .elements, .recording: allValues = true
            case .last:
                if query.within != nil { allValues = true } else { lastValue = true }
            case .next(let count): reach = Self.adding(reach, count ?? 1)
            case .prefix(let count): reach = Self.adding(reach, count)
            case .single, .completion, .count, .failure, .finished: break
            }
        }
        firstValues = reach
    }

    /// `a + b`, saturating: `next 9223372036854775807` is a valid query.
    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
