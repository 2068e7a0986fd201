extension MarbleReport {
    /// The first difference in one line: `frame 3: expected b (2), got c (3)`.
    package func message(_ difference: MarbleMatch.Difference) -> String {
        let frame = "frame \(difference.frame): "
        let expected = difference.expected.map { self.expected($0) } ?? "no event"
        // The recorded event of the difference: in its frame, or the next one after it.
        let here = difference.actual.flatMap { frameOf(actual: $0) == difference.frame ? $0 : nil }
        let got = here.map { actual($0) } ?? "no event"
        switch difference.kind {
        case .valueMismatch, .differentEvent, .missingEvent:
            let next = difference.actual.map { "; the next is \(actual($0)) in frame \(frameOf(actual: $0))" } ?? ""
            return here == nil
                ? frame + "expected \(expected), got no event\(next)" : frame + "expected \(expected), got \(got)"
        case .unexpectedEvent:
            let last = diagram.frameIndex(of: diagram.end - 1)
            guard difference.frame > last else { return frame + "expected no event, got \(got)" }
            return frame + "expected no event after the diagram's last frame (\(last)), got \(got)"
        case .earlyCompletion:
            let end = diagram.events.last.map { diagram.frameIndex(of: $0.nanoseconds) } ?? difference.frame
            return frame + "expected \(expected), got \(got): "
                + "\(frames(end - difference.frame)) early (the diagram ends in frame \(end))"
        case .lateCompletion:
            let end = recorded.lastIndex { $0.kind != .element }
            let late = end.map { frameOf(actual: $0) } ?? difference.frame
            return frame + "expected \(expected), got \(got): "
                + "the stream ends \(frames(late - difference.frame)) late, in frame \(late)"
        case .notReached:
            let stop = recorded.isEmpty ? "is empty" : "ends in frame \(frameOf(actual: recorded.count - 1))"
            return frame + "expected \(expected), but the recording \(stop)"
        }
    }

    private func frameOf(actual index: Int) -> Int64 {
        diagram.frameIndex(of: recorded[index].nanoseconds)
    }

    private func frames(_ count: Int64) -> String {
        count == 1 ? "1 frame" : "\(count) frames"
    }
}
