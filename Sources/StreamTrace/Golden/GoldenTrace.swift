#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A trace committed with the tests that a recording must match: the
/// whole stream pinned in one file, reviewed in code review like any other
/// change.
///
/// ``verify(_:record:)`` compares a trace with the file, exactly, ignoring
/// times, or within a tolerance. With `STREAMTRACE_RECORD=1` in the
/// environment it writes (or updates) the file instead. A missing file is a
/// failure, so a CI run can never record silently. Record under virtual
/// time (``TestClock``, `TestScheduler`) so that the file is the same
/// bytes on every run.
///
/// ```swift
/// let golden = GoldenTrace(path: "Tests/Traces/search.jsonl", time: .ignored)
/// try golden.verify(recorder.traceText)  // .matched, or throws with the diff
/// ```
package struct GoldenTrace: Sendable {
    /// The environment variable that turns recording on: `STREAMTRACE_RECORD=1`.
    package static let recordVariable = "STREAMTRACE_RECORD"

    /// Whether `STREAMTRACE_RECORD=1` (or `true`, `yes`) is set.
    package static var isRecording: Bool {
        let value = ProcessInfo.processInfo.environment[recordVariable]?.lowercased()
        return value == "1" || value == "true" || value == "yes"
    }

    /// What ``verify(_:record:)`` did.
    package enum Outcome: Sendable, Hashable {
        /// The trace matches the file.
        case matched
        /// Recording was on: the file was written (it did not exist, or
        /// differed) …
        case recorded
        /// … or it already matched and was left alone.
        case unchanged
    }

    /// The golden file's path.
    package var path: String

    /// The path of the golden trace `name` for a test in `testFile`:
    /// `__Traces__/name.jsonl` in the test file's directory, committed with
    /// the tests.
    package static func path(named name: String, nextTo testFile: String) -> String {
        let directory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        let file = name.hasSuffix(".jsonl") ? name : name + ".jsonl"
        return directory.appendingPathComponent("__Traces__").appendingPathComponent(file).path
    }
    /// How times are compared.
    package var time: TimeComparison

    package init(path: String, time: TimeComparison = .exact) {
        self.path = path
        self.time = time
    }

    /// Compares `trace` (JSON Lines text) with the file, or records it.
    ///
    /// - Parameters:
    ///   - trace: the trace to compare, as JSON Lines text.
    ///   - record: write the file instead of failing; by default
    ///     ``isRecording``.
    /// - Throws: ``GoldenTraceError`` when the file is missing, does not
    ///   match, or cannot be read or written, or `trace` is not a trace.
    @discardableResult
    package func verify(_ trace: String, record: Bool = GoldenTrace.isRecording) throws(GoldenTraceError) -> Outcome {
        let actualBytes = Array(trace.utf8)
        let actual: TraceReader
        do {
            actual = try TraceReader(bytes: actualBytes, name: "recorded")
        } catch {
            throw GoldenTraceError(path: path, kind: .invalidRecording(error))
        }
        guard FileManager.default.fileExists(atPath: path) else {
            guard record else { throw GoldenTraceError(path: path, kind: .missing) }
            try write(actualBytes)
            return .recorded
        }
        let comparison: TraceComparison
        do {
            comparison = try TraceComparison(expected: TraceReader(path: path), actual: actual, time: time)
        } catch {
            if record, error.file == path {
                try write(actualBytes)
                return .recorded
            }
            throw GoldenTraceError(path: path, kind: error.file == path ? .unreadable(error) : .invalidRecording(error))
        }
        if comparison.matches { return record ? .unchanged : .matched }
        guard record else { throw GoldenTraceError(path: path, kind: .differs(comparison)) }
        try write(actualBytes)
        return .recorded
    }

    private func write(_ bytes: [UInt8]) throws(GoldenTraceError) {
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw GoldenTraceError(path: path, kind: .cannotWrite(String(describing: error)))
        }
    }
}
