#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A trace committed with the tests that a recording must match: the whole stream pinned in one file, reviewed like
/// any other change. ``verify(_:record:)`` compares a trace with the file (exactly, ignoring times, or within a
/// tolerance); with `STREAMTRACE_RECORD=1` it writes or updates the file instead. A missing file is a failure, so
/// that CI never records silently. Record under virtual time (``TestClock``, `TestScheduler`) so that the file is
/// the same bytes on every run.
package struct GoldenTrace: Sendable {
    package static let recordVariable = "STREAMTRACE_RECORD"

    /// Whether `STREAMTRACE_RECORD=1` (or `true`, `yes`) is set.
    package static var isRecording: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[recordVariable]?.lowercased() ?? "")
    }

    /// What ``verify(_:record:)`` did.
    package enum Outcome: Sendable, Hashable {
        /// The trace matches the file.
        case matched
        /// Recording was on and the file was written (it was missing or differed).
        case recorded
        /// Recording was on and the file already matched.
        case unchanged
    }

    package var path: String

    /// The path of the golden trace `name` for a test in `testFile`: `__Traces__/name.jsonl` next to the test file.
    package static func path(named name: String, nextTo testFile: String) -> String {
        let directory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        let file = name.hasSuffix(".jsonl") ? name : name + ".jsonl"
        return directory.appendingPathComponent("__Traces__").appendingPathComponent(file).path
    }
    package var time: TimeComparison

    package init(path: String, time: TimeComparison = .exact) {
        self.path = path
        self.time = time
    }

    /// Compares `trace` (JSON Lines text) with the file, or records it if `record` (by default ``isRecording``).
    /// Throws ``GoldenTraceError`` if `trace` is invalid or the file is missing, differs or cannot be read or written.
    @discardableResult
    package func verify(_ trace: String, record: Bool = GoldenTrace.isRecording) throws(GoldenTraceError) -> Outcome {
        let actualBytes = Array(trace.utf8)
        let actual: TraceReader
        do {
            actual = try TraceReader(bytes: actualBytes, name: "recorded")
        } catch {
            throw GoldenTraceError(path: path, kind: .invalidRecording(error))
        }
        // No comparison: the file is missing, or (when recording) not a readable trace.
        var comparison: TraceComparison?
        do {
            if FileManager.default.fileExists(atPath: path) {
                comparison = try TraceComparison(expected: TraceReader(path: path), actual: actual, time: time)
            }
        } catch {
            guard record, error.file == path else {
                throw GoldenTraceError(
                    path: path, kind: error.file == path ? .unreadable(error) : .invalidRecording(error))
            }
        }
        if let comparison, comparison.matches { return record ? .unchanged : .matched }
        guard record else { throw GoldenTraceError(path: path, kind: comparison.map { .differs($0) } ?? .missing) }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actualBytes).write(to: url, options: .atomic)
        } catch {
            throw GoldenTraceError(path: path, kind: .cannotWrite(String(describing: error)))
        }
        return .recorded
    }
}
