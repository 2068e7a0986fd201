import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `check --spec --format json`: one JSON document, written as the traces are checked:
///
///     {"traces":[{"path":"a.jsonl","status":"finished","results":[…]}, …],
///      "spec":"ci.spec","sections":[{"glob":"a*","line":3,"traces":1,"status":"pass"}],
///      "passed":N,"failed":N,"unchecked":N}
///
/// A trace's `status` is how it ends (`finished`, `failed`, `open`, `cancelled`, `truncated`), or `unreadable` (its one
/// result says why), or `unchecked`. A failure's `reason` is its `RecordingError.Reason`, or a ``FailureKind``.
final class CheckJSONReport: CheckReport {
    private var document = JSONOutput()
    private var traces = 0
    private var results = 0

    init() {
        document.append("{\"traces\":[")
    }

    func begin(_ trace: CheckedTrace) throws(OutputError) {
        try open(trace.path, status: trace.status.rawValue)
    }

    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    {
        if results > 0 { document.append(",") }
        results += 1
        try Self.write(result, specLine: query.specLine, withSpecLine: true, in: trace, to: &document)
        try Console.writeIfLarge(&document)
    }

    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError) {
        document.append("]}")
    }

    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError) {
        try open(path, status: "unreadable")
        document.append("{\"query\":null,\"specLine\":null,\"status\":\"fail\",\"reason\":")
        document.write(string: FailureKind.unreadable)
        document.append(",\"message\":")
        document.write(string: error.description)
        document.append(",\"line\":")
        if error.line > 0 { document.write(int: Int64(error.line)) } else { document.append("null") }
        document.append(",\"column\":")
        if error.column > 0 { document.write(int: Int64(error.column)) } else { document.append("null") }
        document.append("}]}")
    }

    func unchecked(_ path: String) throws(OutputError) {
        try open(path, status: "unchecked")
        document.append("]}")
    }

    func finish(_ summary: CheckSummary) throws(OutputError) {
        document.append("],\"spec\":")
        if let spec = summary.specFile { document.write(string: spec) } else { document.append("null") }
        document.append(",\"sections\":[")
        for (index, section) in summary.sections.enumerated() {
            if index > 0 { document.append(",") }
            document.append("{\"glob\":")
            document.write(string: section.glob)
            document.append(",\"line\":")
            document.write(int: Int64(section.line))
            document.append(",\"traces\":")
            document.write(int: Int64(section.traces))
            if section.traces > 0 {
                document.append(",\"status\":\"pass\"}")
            } else {
                document.append(",\"status\":\"fail\",\"reason\":")
                document.write(string: FailureKind.noTraceMatched)
                document.append(",\"message\":")
                document.write(string: section.message)
                document.append("}")
            }
        }
        document.append("]")
        let totals = summary.totals
        for (key, value) in [("passed", totals.passed), ("failed", totals.failed), ("unchecked", totals.unchecked)] {
            document.append(",\"")
            document.append(raw: key.utf8)
            document.append("\":")
            document.write(int: Int64(value))
        }
        document.append("}")
        try Console.out(bytes: document.bytes)
        document.removeAll()
    }

    func abandon() {}

    /// `{"path":…,"status":…,"results":[`, after a comma if needed.
    private func open(_ path: String, status: String) throws(OutputError) {
        if traces > 0 { document.append(",") }
        traces += 1
        results = 0
        document.append("{\"path\":")
        document.write(string: path)
        document.append(",\"status\":")
        document.write(string: status)
        document.append(",\"results\":[")
        try Console.writeIfLarge(&document)
    }

    /// One result: `{"query", ["specLine",] "status", "value" | "reason", "message", "timeline", "line", "t"}`. Values
    /// are written as the trace holds them, without being decoded: whole, read again from the trace when the pass kept
    /// only their start; from standard input or a FIFO, their first elements (at most 1 MiB), and `"truncated":true`.
    static func write(
        _ result: QueryResult, specLine: Int?, withSpecLine: Bool, in trace: CheckedTrace,
        to document: inout JSONOutput
    ) throws(OutputError) {
        document.append("{\"query\":")
        document.write(string: result.query.text)
        if withSpecLine {
            document.append(",\"specLine\":")
            if let specLine { document.write(int: Int64(specLine)) } else { document.append("null") }
        }
        document.append(",\"status\":")
        document.write(string: result.status.rawValue)
        if let failure = result.failure {
            document.append(",\"reason\":")
            document.write(string: failure.reason.rawValue)
            document.append(",\"message\":")
            document.write(string: failure.message)
            document.append(",\"timeline\":")
            document.write(string: failure.timeline?.description ?? "")
        } else {
            document.append(",\"value\":")
            try writeValue(of: result, in: trace, to: &document)
        }
        document.append(",\"line\":")
        if let line = result.location?.line { document.write(int: Int64(line)) } else { document.append("null") }
        document.append(",\"t\":")
        if let location = result.location { document.write(int: location.nanoseconds) } else { document.append("null") }
        document.append("}")
    }

    /// A passing result's value (see ``write(_:specLine:withSpecLine:in:to:)``).
    private static func writeValue(
        of result: QueryResult, in trace: CheckedTrace, to document: inout JSONOutput
    ) throws(OutputError) {
        if let place = result.outputPlace { return try write(place, to: &document) }
        guard let partial = result.partialOutput else {
            if let output = result.output { document.append(safeJSON: output.bytes) } else { document.append("null") }
            return
        }
        if let path = trace.rereadablePath, let fd = try? TraceInput(path).openDescriptor() {
            defer { close(fd) }
            try Console.write(bytes: document.bytes)
            document.removeAll()
            var failure: OutputError?
            let wrote: Bool
            do {
                try partial.writeWhole(readingAgain: fd, name: trace.path) { bytes in
                    do throws(OutputError) { try Console.write(bytes: bytes) } catch { failure = error }
                    return failure == nil
                }
                wrote = true
            } catch {
                wrote = false
            }
            if let failure { throw failure }
            if wrote { return }
        }
        document.append(safeJSON: partial.keptValue.bytes)
        document.append(",\"truncated\":true")
    }

    /// A value held by its place, written from there a piece at a time, as ``JSONOutput/append(safeJSON:)`` writes it.
    private static func write(_ place: ValuePlace, to document: inout JSONOutput) throws(OutputError) {
        var failure: OutputError?
        let read = place.forEachPiece { piece in
            guard failure == nil else { return }
            document.append(safeJSON: piece)
            do throws(OutputError) { try Console.writeIfLarge(&document) } catch { failure = error }
        }
        if let failure { throw failure }
        guard read else {
            throw OutputError(code: EIO, file: "a value over 64 KiB (its temporary file could not be read)")
        }
    }
}
