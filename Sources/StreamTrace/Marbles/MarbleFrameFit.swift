/// How recorded times stray from a diagram's frames, for a recording whose clock is not virtual: how far each event is
/// from the start of its frame in the diagram (the diagram's events paired with the recorded ones in order), and a
/// frame length that would put every recorded event in its diagram frame, if one does.
package struct MarbleFrameFit: Sendable, Equatable {
    /// The largest distance, in nanoseconds, from a recorded event to the start of its diagram event's frame.
    package var stray: Int64
    /// A round frame length, in nanoseconds, on which each recorded event falls in its diagram event's frame; `nil`
    /// when none does.
    package var frame: Int64?
    /// Every frame length, in nanoseconds, that puts each recorded event in its diagram event's frame.
    var fitting: ClosedRange<Int64>?

    /// The fit of `recorded` (nanoseconds since the subscription, in order) to the frames `frames` (each diagram
    /// event's frame index, in order) of `frame` nanoseconds; `nil` when there is nothing to pair.
    package init?(frames: [Int64], recorded: [Int64], frame: Int64) {
        let pairs = zip(frames, recorded)
        guard !frames.isEmpty, !recorded.isEmpty, pairs.allSatisfy({ $0.0 >= 0 && $0.1 >= 0 }) else { return nil }
        stray = pairs.map { abs($1 - $0 * frame) }.max() ?? 0
        // Frame index k holds t when k·F ≤ t < (k+1)·F: F above t/(k+1), and at most t/k.
        var lowest: Int64 = 1
        var highest = Int64.max
        for (index, time) in pairs {
            lowest = max(lowest, time / (index + 1) + 1)
            if index > 0 { highest = min(highest, time / index) }
        }
        fitting = lowest <= highest ? lowest...highest : nil
        self.frame = fitting.map { Self.round(from: $0.lowerBound, upTo: $0.upperBound) }
    }

    /// The coarsest round length in `lowest...highest`: a whole number of seconds, else of 100 ms, 10 ms … 1 ns.
    private static func round(from lowest: Int64, upTo highest: Int64) -> Int64 {
        var step: Int64 = 1_000_000_000
        while step > 1 {
            let (quotient, remainder) = lowest.quotientAndRemainder(dividingBy: step)
            let rounded = (quotient + (remainder > 0 ? 1 : 0)) * step
            if rounded <= highest { return rounded }
            step /= 10
        }
        return lowest
    }

    /// `recorded times stray up to 1.282ms from their frames' starts; frame: .milliseconds(2) puts each in its frame`.
    package func describe(frame current: Int64) -> String {
        let stray = "recorded times stray up to \(TimeFormat.short(self.stray)) from their frames' starts"
        guard let frame else { return stray + "; no frame puts each event in its diagram frame: record on a TestClock" }
        if fitting?.contains(current) == true { return stray + ", each within its diagram frame" }
        return stray + "; frame: \(ClockDiagnosis.literal(frame)) puts each event in its diagram frame"
    }
}
