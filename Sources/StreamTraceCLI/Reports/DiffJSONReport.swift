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
final class DiffJSONReport: DiffReport {
    private var document = JSONOutput()
    private var pairs = 0

    init(expected: String, actual: String) {
        document.append("{\"expected\":")
        document.write(string: expected)
        document.append(",\"actual\":")
        document.write(string: actual)
        document.append(",\"pairs\":[")
    }

    func add(_ pair: DiffPair, _ outcome: DiffOutcome) throws(OutputError) {
        if pairs > 0 { document.append(",") }
        pairs += 1
        document.append("{\"path\":")
        document.write(string: pair.name)
        for (key, path) in [("expected", pair.expected), ("actual", pair.actual)] {
            document.append(",\"")
            document.append(raw: key.utf8)
            document.append("\":")
            if let path { document.write(string: path) } else { document.append("null") }
        }
        document.append(",\"status\":")
        document.write(string: outcome.failureKind == nil ? "pass" : "fail")
        if let kind = outcome.failureKind {
            document.append(",\"reason\":")
            document.write(string: kind)
        }
        document.append(",\"message\":")
        document.write(string: outcome.message(pair))
        if case .compared(let comparison, _) = outcome { write(comparison) }
        document.append("}")
        try Console.writeIfLarge(&document)
    }

    private func write(_ comparison: TraceComparison) {
        document.append(",\"events\":{\"expected\":")
        document.write(int: Int64(comparison.expectedEventCount))
        document.append(",\"actual\":")
        document.write(int: Int64(comparison.actualEventCount))
        document.append("},\"differenceCount\":")
        document.write(int: Int64(comparison.differenceCount))
        document.append(",\"differences\":[")
        for (index, difference) in comparison.differences.enumerated() {
            if index > 0 { document.append(",") }
            document.append("{\"expectedEvent\":")
            write(difference.expectedEvent)
            document.append(",\"actualEvent\":")
            write(difference.actualEvent)
            document.append(",\"part\":")
            document.write(
                string: difference.expectedEvent == nil && difference.actualEvent == nil ? difference.part : "event")
            document.append(",\"reason\":")
            document.write(string: difference.reason)
            document.append(",\"expected\":")
            write(difference.expected)
            document.append(",\"actual\":")
            write(difference.actual)
            document.append("}")
        }
        document.append("]")
    }

    private func write(_ number: Int?) {
        if let number { document.write(int: Int64(number)) } else { document.append("null") }
    }

    private func write(_ side: TraceDifference.Side?) {
        guard let side else { return document.append("null") }
        document.append("{\"file\":")
        document.write(string: side.file)
        document.append(",\"line\":")
        document.write(int: Int64(side.line))
        document.append(",\"text\":")
        document.write(string: side.text)
        document.append("}")
    }

    func finish(_ totals: DiffTotals) throws(OutputError) {
        document.append("],\"passed\":")
        document.write(int: Int64(totals.matched))
        document.append(",\"failed\":")
        document.write(int: Int64(totals.failed))
        document.append("}")
        try Console.out(bytes: document.bytes)
        document.removeAll()
    }

    func abandon() {}
}
