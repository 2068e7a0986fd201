import StreamTrace

/// Two traces to compare: the same relative path in EXPECTED_DIR and ACTUAL_DIR (either may be missing), or the two
/// files of `diff EXPECTED ACTUAL`.
struct DiffPair {
    /// The relative path (or, for two files, the actual trace's path).
    var name: String
    var expected: String?
    var actual: String?
    /// A directory below EXPECTED_DIR or ACTUAL_DIR that could not be read.
    var unreadable: TraceReadError?
    /// Whether this is not a pair of traces but the order across the streams of EXPECTED_DIR and ACTUAL_DIR
    /// (``DiffOrder``), which reports show after the pairs.
    var isOrder = false

    /// The `*.jsonl` files below both directories, paired by relative path, sorted; an unreadable directory is a pair.
    static func pairs(expectedDirectory: String, actualDirectory: String) -> [DiffPair] {
        var pairs: [String: DiffPair] = [:]
        for (directory, isExpected) in [(expectedDirectory, true), (actualDirectory, false)] {
            let bytes = CommandLineArguments.pathBytes(directory)
            for found in TraceFinder.below(bytes) {
                let name = CommandLineArguments.path(bytes: found.path.isEmpty ? Array(".".utf8) : found.path)
                let path = TraceFinder.path(found.path, in: bytes)
                var pair = pairs[name] ?? DiffPair(name: name)
                if isExpected { pair.expected = path } else { pair.actual = path }
                if case .unreadableDirectory(_, let code) = found {
                    pair.unreadable = TraceFinder.directoryError(path, code: code)
                }
                pairs[name] = pair
            }
        }
        return TraceFinder.sorted(Array(pairs.values)) { $0.name }
    }
}

/// What comparing a pair found.
enum DiffOutcome: Sendable {
    case compared(TraceComparison, warnings: [TraceReadWarning])
    /// The order across the streams of two folders recorded as groups (``DiffOrder``).
    case ordered(StreamOrderComparison)
    case onlyInExpected
    case onlyInActual
    case unreadable(TraceReadError)

    static func comparing(_ pair: DiffPair, time: TimeComparison, limit: Int) -> DiffOutcome {
        if let error = pair.unreadable { return .unreadable(error) }
        guard let expectedPath = pair.expected else { return .onlyInActual }
        guard let actualPath = pair.actual else { return .onlyInExpected }
        if let identical = IdenticalFiles.compare(expectedPath, actualPath, time: time) { return identical }
        do throws(TraceReadError) {
            let inputs = (try TraceInput(expectedPath), try TraceInput(actualPath))
            let (expected, actual) = (try inputs.0.reader(), try inputs.1.reader())
            // Regular files that differ in many events are read ahead on two threads; a pipe only as the walk asks.
            let files = TraceInput.isRegularFile(expectedPath) && TraceInput.isRegularFile(actualPath)
            let comparison = try TraceComparison(
                expected: expected, actual: actual, time: time, limit: limit,
                readAheadAfter: files ? TraceComparison.readAheadAfter : nil)
            return .compared(comparison, warnings: expected.warnings + actual.warnings)
        } catch {
            return .unreadable(error)
        }
    }
}
