import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A trace of a plan, read: the work a `check` run does in parallel. Its
/// queries are evaluated later, in path order, as their results are
/// reported (``CheckRun``); until then the trace keeps only what its
/// queries need (the library's retention plan).
enum ScannedTrace {
    case unchecked
    case unreadable(TraceReadError)
    /// The results of `queries`.
    case read(TraceEvaluations, queries: [PlannedQuery], seconds: Double)

    /// The most of a value made of a run of elements (`elements`) a result
    /// keeps: longer, the JSON report reads the rest again from a regular
    /// file, and from a stream writes this much of it, marked truncated.
    static let valueLimit = 1 << 20

    /// Reads `trace` with the parallel scanner, for `queries`.
    init(_ trace: CheckPlan.Trace, queries planned: [PlannedQuery], options: TraceScanOptions) {
        if let code = trace.unreadableDirectory {
            self = .unreadable(TraceFinder.directoryError(trace.path, code: code))
            return
        }
        guard !planned.isEmpty else {
            self = .unchecked
            return
        }
        let start = ContinuousClock.now
        let queries = planned.map(\.query)
        do throws(TraceReadError) {
            let input = try TraceInput(trace.path)
            let fd = try input.openDescriptor()
            defer { close(fd) }
            let evaluations = try TraceChecker(queries: queries).evaluations(
                scanning: fd, name: input.name, options: options, valueLimit: Self.valueLimit)
            self = .read(evaluations, queries: planned, seconds: Self.seconds(since: start))
        } catch {
            self = .unreadable(error)
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
