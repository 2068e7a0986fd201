import StreamTrace

/// A query as a run checks it, and where it came from.
struct PlannedQuery: Sendable {
    var query: Query
    /// Its line in the spec file; `nil` for `-e` and positional queries.
    var specLine: Int?
    /// The index of its spec section; `nil` before the first section, and for `-e` and positional queries.
    var section: Int?
}

/// What a `check` run does: the traces in path order (each with the spec's sections it matches), the queries for every
/// trace and the spec's. A trace's queries are worked out when it is read (``queries(for:)``), not held per trace.
struct CheckPlan: Sendable {
    struct Trace: Sendable {
        var path: String
        /// For a directory that could not be read: its `errno`.
        var unreadableDirectory: Int32?
        /// Which of the spec's sections match the path (empty without a spec, or for an unreadable directory).
        var sections: [Bool] = []

        var name: String { TraceInput.name(of: path) }
    }

    var traces: [Trace]
    /// `-e` (or positional) queries: for every trace, before the spec's.
    var everyTrace: [PlannedQuery]
    var spec: CheckSpec?

    /// One trace and its queries (`check TRACE QUERY...`).
    init(trace: String, queries: [Query]) {
        traces = [Trace(path: trace)]
        everyTrace = queries.map { PlannedQuery(query: $0) }
        spec = nil
    }

    /// The traces `paths` stand for, with the `-e` queries and the spec.
    init(paths: [String], queries: [Query], spec: CheckSpec?) {
        traces = TraceFinder.traces(in: paths).map { found in
            switch found {
            case .unreadableDirectory(let path, let code): Trace(path: path, unreadableDirectory: code)
            case .trace(let path): Trace(path: path, sections: spec?.sections.map { $0.glob.matches(path: path) } ?? [])
            }
        }
        everyTrace = queries.map { PlannedQuery(query: $0) }
        self.spec = spec
    }

    /// The queries that apply to `trace`, in order: `-e` (or positional) queries, then the spec's in file order (those
    /// before the first section, and those of every section that matches). None: the trace is unchecked.
    func queries(for trace: Trace) -> [PlannedQuery] {
        guard trace.unreadableDirectory == nil else { return [] }
        return everyTrace + (spec?.entries.filter { entry in entry.section.map { trace.sections[$0] } ?? true } ?? [])
    }
}
