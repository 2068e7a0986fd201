import StreamTrace

/// A report of a run: `check`'s (``CheckReport``), `diff`'s (``DiffReport``), or one in a CI format (``CaseReport``).
protocol RunReport: AnyObject {
    /// The run stopped early (standard output failed): leaves report files well-formed.
    func abandon()
}

extension RunReport {
    func abandon() {}
}

/// One of `check`'s reports (text, JSON, GitHub annotations, the step summary, JUnit), fed trace by trace in path
/// order, one result at a time; a report keeps only what its format needs.
protocol CheckReport: RunReport {
    /// A trace that was read; its results follow, then ``end(_:seconds:)``.
    func begin(_ trace: CheckedTrace) throws(OutputError)
    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError)
    /// A trace (or a directory of traces) that could not be read.
    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError)
    /// A trace no query applies to.
    func unchecked(_ path: String) throws(OutputError)
    /// The spec's sections and the totals, after the last trace.
    func finish(_ summary: CheckSummary) throws(OutputError)
}

struct CheckedTrace {
    var path: String
    var status: TraceStatus
    /// What the reader noticed (a truncated last line).
    var warnings: [TraceReadWarning]
    /// The path to read again for a value the pass did not keep whole (a regular file's); `nil` for stdin and FIFOs.
    var rereadablePath: String?
}

/// What a run counted: all it keeps of its results.
struct CheckTotals {
    var passed = 0
    /// Failed queries, unmatched sections and unreadable traces.
    var failed = 0
    var unchecked = 0
    var unreadable = 0

    /// `N passed, N failed` (and `, N unchecked` when some were).
    var closingLine: String {
        "\(passed) passed, \(failed) failed" + (unchecked > 0 ? ", \(unchecked) unchecked" : "")
    }
}

/// A spec section and how many traces it matched (none: it fails).
struct SectionOutcome {
    var glob: String
    var line: Int
    var traces: Int
    /// A `[group GLOB]` section: it matches directories, each read as one group.
    var isGroup = false

    var message: String {
        let noun = isGroup ? "group" : "trace"
        return traces > 0
            ? "matched \(traces) \(noun)\(traces == 1 ? "" : "s")"
            : "no \(isGroup ? "directory" : "trace") matched \"\(glob)\""
    }

    /// The section's line as the spec writes it: `[GLOB]`, `[group GLOB]`.
    var written: String { isGroup ? "[group \(glob)]" : "[\(glob)]" }
}

struct CheckSummary {
    var specFile: String?
    var sections: [SectionOutcome]
    var totals: CheckTotals
}
