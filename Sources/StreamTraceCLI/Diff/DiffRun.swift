import StreamTrace

/// Runs a `diff`: pairs compared on `jobs` threads, reported in path order to every report. A pair that cannot be read
/// is reported (its error on standard error too) and the others go on.
struct DiffRun {
    let pairs: [DiffPair]
    let time: TimeComparison
    let limit: Int
    let jobs: Int
    let reports: [any DiffReport]

    func run() throws(OutputError) -> DiffTotals {
        var totals = DiffTotals()
        let (pairs, time, limit) = (self.pairs, self.time, self.limit)
        do throws(OutputError) {
            try OrderedWork.run(
                count: pairs.count, threads: jobs, window: 4 * jobs,
                work: { DiffOutcome(pairs[$0], time: time, limit: limit) },
                deliver: { (index, outcome) throws(OutputError) in
                    totals.count(outcome)
                    switch outcome {
                    case .unreadable(let error): Console.error(error.description)
                    case .compared(_, let warnings): for warning in warnings { Console.error(warning.description) }
                    case .onlyInExpected, .onlyInActual: break
                    }
                    for report in reports { try report.add(pairs[index], outcome) }
                })
            for report in reports { try report.finish(totals) }
        } catch {
            for report in reports { report.abandon() }
            throw error
        }
        return totals
    }
}
