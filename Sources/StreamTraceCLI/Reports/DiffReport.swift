import StreamTrace

/// One of `diff`'s reports (text, JSON, GitHub annotations, the step summary, JUnit), fed pair by pair in path order.
protocol DiffReport: RunReport {
    func add(_ pair: DiffPair, _ outcome: DiffOutcome) throws(OutputError)
    func finish(_ totals: DiffTotals) throws(OutputError)
}

/// What a `diff` run counted: the pairs that matched, and those that did not by ``FailureKind``.
struct DiffTotals {
    var matched = 0
    private(set) var unmatched: [String: Int] = [:]

    mutating func count(_ outcome: DiffOutcome) {
        if let kind = outcome.failureKind {
            unmatched[kind, default: 0] += 1
        } else if case .ordered = outcome {
            // Not a pair: `N match` counts traces.
        } else {
            matched += 1
        }
    }

    /// Pairs that did not match, for any reason.
    var failed: Int { unmatched.values.reduce(0, +) }
    var unreadable: Int { unmatched[FailureKind.unreadable] ?? 0 }

    /// `N match, N differ` (and the pairs only one side has, and those that could not be read, when there are some; and
    /// `order changed` when the order across the streams of two groups did).
    var closingLine: String {
        var line = "\(matched) match, \(unmatched[FailureKind.tracesDiffer] ?? 0) differ"
        let shownIfAny = [
            (FailureKind.onlyInExpected, "only in expected"), (FailureKind.onlyInActual, "only in actual"),
            (FailureKind.unreadable, "unreadable"),
        ]
        for (kind, label) in shownIfAny {
            if let count = unmatched[kind] { line += ", \(count) \(label)" }
        }
        if unmatched[FailureKind.orderChanged] != nil { line += ", order changed" }
        return line
    }
}

extension DiffOutcome {
    /// The stable kind of a pair that did not match (``FailureKind``).
    var failureKind: String? {
        switch self {
        case .compared(let comparison, _): comparison.matches ? nil : FailureKind.tracesDiffer
        case .ordered(let order): order.matches ? nil : FailureKind.orderChanged
        case .onlyInExpected: FailureKind.onlyInExpected
        case .onlyInActual: FailureKind.onlyInActual
        case .unreadable: FailureKind.unreadable
        }
    }

    /// One line: the comparison's summary (of the pair, or of the order), `only in expected: PATH`, or the read error.
    func message(_ pair: DiffPair) -> String {
        switch self {
        case .compared(let comparison, _): comparison.summary
        case .ordered(let order): order.summary
        case .onlyInExpected: "only in expected: \(pair.expected ?? pair.name)"
        case .onlyInActual: "only in actual: \(pair.actual ?? pair.name)"
        case .unreadable(let error): error.description
        }
    }
}
