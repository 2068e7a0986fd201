import StreamTrace

/// A trace of a plan, read and its queries evaluated in one pass, in memory bounded by the longest line: the work a
/// `check` run does in parallel. Its results are reported in path order (``CheckRun``).
enum ScannedTrace {
    case unchecked
    case unreadable(TraceReadError)
    /// The results of `queries`; `rereadable` for a regular file, whose values a report may read again whole.
    case read(TraceEvaluations, queries: [PlannedQuery], seconds: Double, rereadable: Bool)

    /// The most of a value made of a run of elements (`elements`) a result keeps: beyond it, the JSON report reads the
    /// rest again from a regular file, and from a stream writes this much, marked truncated.
    static let valueLimit = 1 << 20

    /// Reads `trace` with the parallel scanner, for `queries`.
    static func scanning(
        _ trace: CheckPlan.Trace, queries planned: [PlannedQuery], options: TraceScanOptions
    ) -> ScannedTrace {
        if let code = trace.unreadableDirectory {
            return .unreadable(TraceFinder.directoryError(trace.path, code: code))
        }
        guard !planned.isEmpty else { return .unchecked }
        let start = ContinuousClock.now
        let queries = planned.map(\.query)
        do throws(TraceReadError) {
            if let group = trace.group {
                let evaluations = try TraceChecker(queries: queries).evaluations(
                    ofGroup: group.files, named: trace.name, valueLimit: Self.valueLimit)
                return .read(evaluations, queries: planned, seconds: seconds(since: start), rereadable: false)
            }
            let input = try TraceInput(trace.path)
            let fd = try input.openDescriptor()
            defer { close(fd) }
            var info = stat()
            let rereadable = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            let evaluations = try TraceChecker(queries: queries).evaluations(
                scanning: fd, name: input.name, options: options, valueLimit: Self.valueLimit)
            return .read(evaluations, queries: planned, seconds: seconds(since: start), rereadable: rereadable)
        } catch {
            return .unreadable(error)
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        Double(TimeFormat.nanoseconds(start.duration(to: .now))) / 1e9
    }
}
