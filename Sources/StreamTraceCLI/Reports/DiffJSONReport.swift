import StreamTrace

/// `diff --format json`: one JSON document, written pair by pair:
///
///     {"expected":"golden","actual":"out","pairs":[
///       {"path":"a.jsonl","expected":"golden/a.jsonl","actual":"out/a.jsonl","status":"fail",
///        "reason":"tracesDiffer","message":"traces differ: …","differenceCount":2,"differences":[…]}, …],
///      "passed":N,"failed":N}
///
/// A failed pair's `reason` is a ``FailureKind``; each difference (at most `--limit`) is
/// `{"expectedEvent", "actualEvent", "part", "reason", "expected": {"file", "line", "text"}, "actual": …}`.
///
/// Folders recorded as groups (``DiffOrder``) also get `"order"`, after `"pairs"`: `{"status","reason","message",
/// "events","difference"}`, the difference `null` or `{"time" (nanoseconds, `null` when times are ignored), "event",
/// "expectedFirst","expectedThen","actualFirst"}`, each `{"file","line","text"}`; a changed order counts in `"failed"`.
final class DiffJSONReport: DiffReport {
    private var document = JSONOutput()
    private var pairs = 0
    /// The order across the streams of two groups, written after the pairs.
    private var order: DiffOutcome?

    init(expected: String, actual: String) {
        document.append("{\"expected\":", string: expected)
        document.append(",\"actual\":", string: actual)
        document.append(",\"pairs\":[")
    }

    func add(_ pair: DiffPair, _ outcome: DiffOutcome) throws(OutputError) {
        guard !pair.isOrder else {
            order = outcome
            return
        }
        if pairs > 0 { document.append(",") }
        pairs += 1
        document.append("{\"path\":", string: pair.name)
        document.append(",\"expected\":", string: pair.expected)
        document.append(",\"actual\":", string: pair.actual)
        document.append(",\"status\":", string: outcome.failureKind == nil ? "pass" : "fail")
        if let kind = outcome.failureKind { document.append(",\"reason\":", string: kind) }
        document.append(",\"message\":", string: outcome.message(pair))
        if case .compared(let comparison, _) = outcome { write(comparison) }
        document.append("}")
        try Console.writeIfLarge(&document)
    }

    private func write(_ comparison: TraceComparison) {
        document.append(",\"events\":{\"expected\":", int: comparison.expectedEventCount)
        document.append(",\"actual\":", int: comparison.actualEventCount)
        document.append("},\"differenceCount\":", int: comparison.differenceCount)
        document.append(",\"differences\":", array: comparison.differences) { document, difference in
            document.append("{\"expectedEvent\":", int: difference.expectedEvent)
            document.append(",\"actualEvent\":", int: difference.actualEvent)
            let part = difference.expectedEvent == nil && difference.actualEvent == nil ? difference.part : "event"
            document.append(",\"part\":", string: part)
            document.append(",\"reason\":", string: difference.reason)
            document.append(",\"expected\":")
            Self.write(difference.expected, to: &document)
            document.append(",\"actual\":")
            Self.write(difference.actual, to: &document)
            document.append("}")
        }
    }

    private static func write(_ side: TraceDifference.Side?, to document: inout JSONOutput) {
        guard let side else { return document.append("null") }
        document.append("{\"file\":", string: side.file)
        document.append(",\"line\":", int: side.line)
        document.append(",\"text\":", string: side.text)
        document.append("}")
    }

    private func write(order outcome: DiffOutcome) {
        document.append("],\"order\":{\"status\":", string: outcome.failureKind == nil ? "pass" : "fail")
        if let kind = outcome.failureKind { document.append(",\"reason\":", string: kind) }
        document.append(",\"message\":", string: outcome.message(DiffPair(name: DiffOrder.name)))
        if case .ordered(let order) = outcome {
            document.append(",\"events\":", int: order.eventCount)
            document.append(",\"difference\":")
            if let difference = order.difference {
                document.append("{\"time\":", int: difference.time.map { Int($0) })
                document.append(",\"event\":", int: difference.event)
                for (key, place) in [
                    ("expectedFirst", difference.expectedFirst), ("expectedThen", difference.expectedThen),
                    ("actualFirst", difference.actualFirst),
                ] {
                    document.append(",", string: key)
                    document.append(":")
                    Self.write(place, to: &document)
                }
                document.append("}")
            } else {
                document.append("null")
            }
        }
        document.append("}")
    }

    func finish(_ totals: DiffTotals) throws(OutputError) {
        if let order { write(order: order) } else { document.append("]") }
        document.append(",\"passed\":", int: totals.matched)
        document.append(",\"failed\":", int: totals.failed)
        document.append("}")
        try Console.out(bytes: document.bytes)
        document.removeAll()
    }
}
