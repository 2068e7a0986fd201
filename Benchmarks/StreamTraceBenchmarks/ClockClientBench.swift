import Foundation

/// The virtual clock's rows (issue 33): `advance` over many followed tasks
/// and the README's debounce test under explored schedules, beside the same
/// workloads on the clock before issue 33. Measured by Benchmarks/ClockClient,
/// a package that depends on StreamTrace by path through its public API,
/// built in release twice: against this checkout (`--clock-client`) and
/// against the baseline commit (`--clock-baseline`; `make bench` builds both,
/// see its clock-clients target). The client runs the two builds, a process
/// each, in the same rounds and prints the rows with their medians.
struct ClockClientBench {
    let options: BenchOptions

    func rows() -> [String] {
        guard let client = options.clockClient, FileManager.default.isExecutableFile(atPath: client) else {
            return [
                "| virtual clock | – | build Benchmarks/ClockClient in release and pass --clock-client "
                    + "and --clock-baseline (make bench does) | – |"
            ]
        }
        var command = [client, "--rounds", String(options.repeats)]
        if let baseline = options.clockBaseline {
            command += ["--baseline", baseline, "--baseline-label", options.clockBaselineLabel]
        }
        let output = options.directory + "/clock-client.txt"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = Measure.spawn(command, stdout: output)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let rows = printed.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }
        guard result.status == 0, !rows.isEmpty else {
            return ["| virtual clock | – | \(client) failed (exit \(result.status)) | – |"]
        }
        return rows
    }
}
