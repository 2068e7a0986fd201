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
        /// For a directory read as one group: its traces.
        var group: PlannedGroup?
        /// Whether the `-e` queries and the spec's before its first section apply (not to a group only a `[group
        /// GLOB]` section found).
        var takesEveryQuery = true

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

    /// The traces `paths` stand for, with the `-e` queries and the spec: with `groups`, each directory is one group;
    /// and each directory a `[group GLOB]` section matches (given, or below one given) is one, for that section.
    init(paths: [String], queries: [Query], spec: CheckSpec?, groups: Bool = false) {
        let sections = spec?.sections ?? []
        let found = groups ? GroupFinder.groups(in: paths) : GroupFinder.Found(traces: TraceFinder.traces(in: paths))
        var traces = found.traces.map { found in
            switch found {
            case .unreadableDirectory(let path, let code): Trace(path: path, unreadableDirectory: code)
            case .trace(let path):
                Trace(path: path, sections: sections.map { !$0.isGroup && $0.glob.matches(path: path) })
            }
        }
        traces += found.groups.map { path, files in
            Trace(
                path: path, sections: sections.map { $0.isGroup && $0.glob.matches(path: path) },
                group: PlannedGroup(files: files))
        }
        if sections.contains(where: \.isGroup) {
            let named = Set(traces.map(\.path))
            for (path, files) in GroupFinder.directories(in: paths) where !named.contains(path) {
                let matches = sections.map { $0.isGroup && $0.glob.matches(path: path) }
                guard matches.contains(true) else { continue }
                traces.append(
                    Trace(path: path, sections: matches, group: PlannedGroup(files: files), takesEveryQuery: false))
            }
        }
        self.traces = TraceFinder.sorted(traces) { $0.path }
        everyTrace = queries.map { PlannedQuery(query: $0) }
        self.spec = spec
    }

    /// The queries that apply to `trace`, in order: `-e` (or positional) queries, then the spec's in file order (those
    /// before the first section, and those of every section that matches). None: the trace is unchecked.
    func queries(for trace: Trace) -> [PlannedQuery] {
        guard trace.unreadableDirectory == nil else { return [] }
        let spec = spec?.entries.filter { entry in entry.section.map { trace.sections[$0] } ?? trace.takesEveryQuery }
        return (trace.takesEveryQuery ? everyTrace : []) + (spec ?? [])
    }

    /// Checks the queries that name a stream (`STREAM: QUERY`): each must be for a group that has that stream.
    func checkStreams() throws(CLIError) {
        for trace in traces {
            for planned in queries(for: trace) {
                guard let stream = planned.query.stream else { continue }
                let place =
                    planned.specLine.map { "\(spec?.file ?? ""):\($0)" }
                    ?? "query \(everyTrace.firstIndex { $0.query == planned.query }.map { $0 + 1 } ?? 1)"
                guard let group = trace.group else {
                    throw .usage(
                        "\(place): '\(stream):' reads one stream of a group: give --group DIR, or put the query in a "
                            + "[group GLOB] section", command: "check")
                }
                if let unknown = group.unknown(stream, in: trace.path) {
                    throw .usage("\(place): \(unknown)", command: "check")
                }
            }
        }
    }
}
