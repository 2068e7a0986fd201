import StreamTrace

/// `diff EXPECTED_DIR ACTUAL_DIR` text: a line per matching pair (`a.jsonl: traces match: 6 events, exact times`), a
/// differing pair's whole report, a line per trace only one side has, then `N match, N differ`; with `quiet`, only the
/// lines of pairs that do not match, then the closing line. Folders recorded as groups get a line for the order across
/// their streams before it (``DiffOrder``): `across streams: order matches: 9 events, exact times`, or where it changed
/// and, unless `quiet`, the events that show it.
///
/// With `onePair`, `diff EXPECTED ACTUAL` text: the differences and the closing line, or with `quiet` (or when they
/// match) only the closing line. A trace that cannot be read prints nothing here (its error goes to standard error).
final class DiffTextReport: DiffReport {
    private let quiet: Bool
    private let onePair: Bool

    init(quiet: Bool, onePair: Bool) {
        self.quiet = quiet
        self.onePair = onePair
    }

    func add(_ pair: DiffPair, _ outcome: DiffOutcome) throws(OutputError) {
        // Two files: their differences, or their summary; a pair that differs: its whole report, unless `quiet`. Other
        // pairs: `NAME: message` (with `quiet`, only those that do not match).
        if case .compared(let comparison, _) = outcome, onePair || (!comparison.matches && !quiet) {
            try Console.out(comparison.matches || quiet ? comparison.summary : comparison.report)
        } else if !onePair, !quiet || outcome.failureKind != nil {
            try Console.out("\(pair.name): \(outcome.message(pair))")
            if case .ordered(let order) = outcome, !quiet {
                for line in order.placeLines { try Console.out(line) }
            }
        }
    }

    func finish(_ totals: DiffTotals) throws(OutputError) {
        if !onePair { try Console.out(totals.closingLine) }
    }
}
