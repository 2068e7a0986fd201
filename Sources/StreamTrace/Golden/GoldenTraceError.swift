/// Why a recording does not match its golden trace.
package struct GoldenTraceError: Error, CustomStringConvertible {
    package enum Kind: Sendable {
        /// There is no golden file (and recording is off).
        case missing
        case differs(TraceComparison)
        /// The golden file is not a readable trace.
        case unreadable(TraceReadError)
        case invalidRecording(TraceReadError)
        case cannotWrite(String)
    }

    package var path: String
    package var kind: Kind

    /// One line: what is wrong and what to do.
    package var description: String {
        switch kind {
        case .missing:
            "golden trace \(path) does not exist: run the test with \(GoldenTrace.recordVariable)=1 to record it"
        case .differs(let comparison):
            "golden trace \(path): \(comparison.summary); recent: \(Self.recent(comparison)); run with \(GoldenTrace.recordVariable)=1 to accept the new trace"
        case .unreadable(let error):
            "golden trace \(path) cannot be read: \(error)"
        case .invalidRecording(let error):
            "the recording is not a valid trace: \(error)"
        case .cannotWrite(let reason):
            "golden trace \(path) cannot be written: \(reason)"
        }
    }

    /// Both timelines, lettered alike: `-a-b-| (expected -a-c-|)  a = 1, …`.
    private static func recent(_ comparison: TraceComparison) -> String {
        let drawing = RecentTimeline.draw(
            [comparison.actualTimeline, comparison.expectedTimeline], onOneScale: comparison.time != .ignored)
        let lines = "\(drawing.lines[0]) (expected \(drawing.lines[1]))"
        return drawing.legend.isEmpty ? lines : "\(lines)  \(drawing.legend.joined(separator: ", "))"
    }

    /// The description; for a difference, what to do and the whole diff (with its summary and both timelines).
    package var report: String {
        guard case .differs(let comparison) = kind else { return description }
        return "golden trace \(path) differs; run with \(GoldenTrace.recordVariable)=1 to accept the new trace\n"
            + comparison.report
    }
}
