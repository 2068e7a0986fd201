import StreamTrace

/// Runs a ``CheckPlan``: traces read on `jobs` threads, at most a window ahead of the one being reported; results
/// evaluated and reported in path order, one at a time, to every report. Unreadable traces are reported too.
struct CheckRun {
    let plan: CheckPlan
    let jobs: Int
    let reports: [any CheckReport]

    func run() throws(OutputError) -> CheckTotals {
        var totals = CheckTotals()
        let (plan, traces) = (self.plan, self.plan.traces)
        let options = TraceScanOptions()
        do throws(OutputError) {
            try OrderedWork.run(
                count: traces.count, threads: jobs, window: 4 * jobs,
                work: { ScannedTrace.scanning(traces[$0], queries: plan.queries(for: traces[$0]), options: options) },
                deliver: { (index, scanned) throws(OutputError) in try report(traces[index], scanned, into: &totals) })
            let sections = (plan.spec?.sections ?? []).enumerated().map { index, section in
                // An unreadable directory matches no section.
                let matched = traces.count { $0.sections.count > index && $0.sections[index] }
                return SectionOutcome(
                    glob: section.glob.pattern, line: section.line, traces: matched, isGroup: section.isGroup)
            }
            totals.failed += sections.count { $0.traces == 0 }
            let summary = CheckSummary(specFile: plan.spec?.file, sections: sections, totals: totals)
            for report in reports { try report.finish(summary) }
        } catch {
            for report in reports { report.abandon() }
            throw error
        }
        return totals
    }

    /// Reports one trace, evaluating its queries one at a time.
    private func report(
        _ trace: CheckPlan.Trace, _ scanned: ScannedTrace, into totals: inout CheckTotals
    ) throws(OutputError) {
        switch scanned {
        case .unchecked:
            totals.unchecked += 1
            for report in reports { try report.unchecked(trace.name) }
        case .unreadable(let error):
            totals.unreadable += 1
            totals.failed += 1
            Console.error(error.description)
            for report in reports { try report.unreadable(trace.name, error) }
        case .read(let evaluations, let queries, let scanSeconds, let rereadable):
            let checked = CheckedTrace(
                path: trace.name, status: evaluations.status, warnings: evaluations.warnings,
                rereadablePath: rereadable ? trace.path : nil)
            for warning in checked.warnings { Console.error(warning.description) }
            for report in reports { try report.begin(checked) }
            let start = ContinuousClock.now
            var last = start
            for (result, query) in zip(evaluations.results, queries) {
                let seconds = ScannedTrace.seconds(since: last)
                last = .now
                if result.status == .pass { totals.passed += 1 } else { totals.failed += 1 }
                for report in reports { try report.add(result, of: query, in: checked, seconds: seconds) }
            }
            let seconds = scanSeconds + ScannedTrace.seconds(since: start)
            for report in reports { try report.end(checked, seconds: seconds) }
        }
    }
}
