import StreamTrace

/// A query as a run checks it, and where it came from.
struct PlannedQuery {
    var query: Query
    /// Its line in the spec file; `nil` for `-e` and positional queries.
    var specLine: Int?
}

/// What a `check` run does: the traces in path order, each with the
/// queries that apply to it, and how many traces each section matched.
struct CheckPlan {
    struct Trace {
        /// The path as given or found.
        var path: String
        /// The queries that apply, in order: `-e` (or positional) queries,
        /// then the spec's in file order. None: the trace is unchecked.
        var queries: [PlannedQuery]
        /// For a directory that could not be read: its `errno`.
        var unreadableDirectory: Int32?

        /// The trace as output names it: its path, or `<stdin>` for `-`.
        var name: String { path == "-" ? "<stdin>" : path }
    }

    var traces: [Trace]
    var spec: CheckSpec?
    /// For each of the spec's sections, how many traces it matched.
    var sectionMatches: [Int]
    /// Every query given (`-e`, positional, the spec's): the text
    /// report's query column is as wide as the widest.
    var declaredQueries: [Query]

    /// One trace and its queries (`check TRACE QUERY...`).
    init(trace: String, queries: [Query]) {
        traces = [Trace(path: trace, queries: queries.map { PlannedQuery(query: $0) })]
        spec = nil
        sectionMatches = []
        declaredQueries = queries
    }

    /// The traces `paths` stand for, each with the `-e` queries and the
    /// spec's queries that apply to it.
    init(paths: [String], queries: [Query], spec: CheckSpec?) {
        let everyTrace = queries.map { PlannedQuery(query: $0) }
        var matches = [Int](repeating: 0, count: spec?.sections.count ?? 0)
        traces = TraceFinder.traces(in: paths).map { found in
            switch found {
            case .unreadableDirectory(let path, let code):
                return Trace(path: path, queries: [], unreadableDirectory: code)
            case .trace(let path):
                guard let spec else { return Trace(path: path, queries: everyTrace) }
                let matched = spec.sectionsMatching(path)
                for (index, isMatch) in matched.enumerated() where isMatch { matches[index] += 1 }
                let fromSpec = spec.entries(matching: matched).map { PlannedQuery(query: $0.query, specLine: $0.line) }
                return Trace(path: path, queries: everyTrace + fromSpec)
            }
        }
        self.spec = spec
        sectionMatches = matches
        declaredQueries = queries + (spec?.entries.map(\.query) ?? [])
    }
}
