import StreamTrace

/// One of `diff`'s reports (text, JSON, GitHub annotations, the step
/// summary, JUnit), fed pair by pair in path order.
protocol DiffReport: AnyObject {
    func add(_ pair: DiffPair, _ outcome: DiffOutcome) throws(OutputError)
    func finish(_ totals: DiffTotals) throws(OutputError)
    /// The run stopped early: leaves report files well-formed.
    func abandon()
}

/// What a `diff` run counted.
struct DiffTotals: Equatable {
    var matched = 0
    var differ = 0
    var onlyInExpected = 0
    var onlyInActual = 0
    var unreadable = 0

    mutating func count(_ outcome: DiffOutcome) {
        switch outcome {
        case .compared(let comparison, _):
            if comparison.matches { matched += 1 } else { differ += 1 }
        case .onlyInExpected: onlyInExpected += 1
        case .onlyInActual: onlyInActual += 1
        case .unreadable: unreadable += 1
        }
    }

    /// Pairs that did not match, for any reason.
    var failed: Int { differ + onlyInExpected + onlyInActual + unreadable }

    /// `N match, N differ` (and the pairs only one side has, and those that
    /// could not be read, when there are some).
    var closingLine: String {
        var line = "\(matched) match, \(differ) differ"
        if onlyInExpected > 0 { line += ", \(onlyInExpected) only in expected" }
        if onlyInActual > 0 { line += ", \(onlyInActual) only in actual" }
        if unreadable > 0 { line += ", \(unreadable) unreadable" }
        return line
    }
}

extension DiffOutcome {
    /// The stable kind of a pair that did not match (``FailureKind``).
    var failureKind: String? {
        switch self {
        case .compared(let comparison, _): comparison.matches ? nil : FailureKind.tracesDiffer
        case .onlyInExpected: FailureKind.onlyInExpected
        case .onlyInActual: FailureKind.onlyInActual
        case .unreadable: FailureKind.unreadable
        }
    }

    /// One line: the comparison's closing line, `only in expected:
    /// PATH`, or the read error.
    func message(_ pair: DiffPair) -> String {
        switch self {
        case .compared(let comparison, _): comparison.summary
        case .onlyInExpected: "only in expected: \(pair.expected ?? pair.name)"
        case .onlyInActual: "only in actual: \(pair.actual ?? pair.name)"
        case .unreadable(let error): error.description
        }
    }
}
