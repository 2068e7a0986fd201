import Foundation

/// The recorder, writer and group rows, measured as an app gets the recorder: by
/// Benchmarks/RecorderClient, a package that depends on StreamTrace by path
/// through its public API, built in release (`make bench` builds it and
/// passes `--recorder-client`). It runs each workload beside its bare
/// baseline in the same rounds and prints the rows with their medians.
///
/// Not measured in this package: a workload here could use `package`
/// declarations, and the compiler specializes and inlines across this
/// package's modules in ways it may not across packages.
struct RecorderClientBench {
    let options: BenchOptions

    /// `section` is `recorder`, `writer`, `group` (issue 35: a writer with `"seq"`, recorders in a group) or `marbles`
    /// (issue 36: a marble expectation read on 200,000 events).
    func rows(_ section: String) -> [String] {
        guard let client = options.recorderClient, FileManager.default.isExecutableFile(atPath: client) else {
            return [
                "| \(section) | – | build Benchmarks/RecorderClient in release and pass --recorder-client "
                    + "(make bench does) | – |"
            ]
        }
        let output = options.directory + "/recorder-client-\(section).txt"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = Measure.spawn(
            [
                client, "--only", section, "--events", String(options.events), "--rounds", String(options.repeats),
                "--dir", options.directory,
            ], stdout: output)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let rows = printed.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }
        guard result.status == 0, !rows.isEmpty else {
            return ["| \(section) | – | \(client) failed (exit \(result.status)) | – |"]
        }
        return rows
    }
}
