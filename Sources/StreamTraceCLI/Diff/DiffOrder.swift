import StreamTrace

/// `diff EXPECTED_DIR ACTUAL_DIR` of two folders recorded as groups: after the pairs, the order across their streams
/// (``StreamOrderComparison``), reported as one more entry named ``name``. Compared when both folders' traces include
/// a group's (a header's `group`); folders without groups are compared pair by pair only, as before.
enum DiffOrder {
    /// What reports call the order: no trace's relative path (those end in `.jsonl`).
    static let name = "across streams"

    /// The order of the traces of `pairs` both folders have (every one of them compared, each side a regular file, read
    /// again here) as an entry and its outcome; `nil` when a folder has no group's trace, or a trace is not a regular
    /// file (a pipe is read once, by its pair).
    static func compare(
        _ pairs: [DiffPair], expectedDirectory: String, actualDirectory: String, time: TimeComparison
    ) -> (DiffPair, DiffOutcome)? {
        let entry = DiffPair(name: name, expected: expectedDirectory, actual: actualDirectory, isOrder: true)
        let paths = pairs.compactMap { pair in pair.expected.flatMap { e in pair.actual.map { (pair.name, e, $0) } } }
        guard !paths.isEmpty, paths.allSatisfy({ TraceInput.isRegularFile($0.1) && TraceInput.isRegularFile($0.2) })
        else { return nil }
        do throws(TraceReadError) {
            let expected = try paths.map { path throws(TraceReadError) in try TraceInput(path.1).reader() }
            let actual = try paths.map { path throws(TraceReadError) in try TraceInput(path.2).reader() }
            guard expected.contains(where: { $0.header.group != nil }),
                actual.contains(where: { $0.header.group != nil })
            else { return nil }
            let streams = zip(expected, paths).map { reader, path in reader.header.stream ?? path.0 }
            let order = try StreamOrderComparison(expected: expected, actual: actual, streams: streams, time: time)
            return (entry, .ordered(order))
        } catch {
            return (entry, .unreadable(error))
        }
    }
}

extension StreamOrderComparison {
    /// Where the order changed, for people: each of the three events on a line, `- FILE:LINE  text` in expected's
    /// order, then `+ FILE:LINE  text`, actual's first (none when it did not change).
    var placeLines: [String] {
        guard let difference else { return [] }
        let places = [
            ("-", difference.expectedFirst), ("-", difference.expectedThen), ("+", difference.actualFirst),
        ]
        let width = places.map { "\($0.1.file):\($0.1.line)".count }.max() ?? 0
        return places.map { sign, place in
            let location = "\(place.file):\(place.line)"
            return "\(sign) \(location)\(String(repeating: " ", count: width - location.count))  \(place.text)"
        }
    }
}
