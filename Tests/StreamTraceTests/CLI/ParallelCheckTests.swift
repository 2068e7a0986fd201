// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Traces are read in parallel; what is printed never depends on it.
@Suite struct ParallelCheckTests {
    /// Forty traces: large ones first (they finish last), then small ones
    /// that pass, fail, cannot be read or are not checked.
    static func folder() throws -> (TraceFolder, spec: String) {
        var files: [String: String] = [:]
        for index in 0..<40 {
            let name = String(format: "t%02d.jsonl", index)
            switch index % 5 {
            case 0:
                var text = #"{"streamtrace":1}"# + "\n"
                for t in 0..<(index < 10 ? 20_000 : 50) { text += #"{"t":\#(t),"event":"value","value":\#(t)}"# + "\n" }
                files[name] = text + #"{"t":99999,"event":"finished"}"# + "\n"
            case 1: files[name] = TraceFolder.failed
            case 2: files["sub/" + name] = TraceFolder.malformed
            case 3: files["unchecked/" + name] = TraceFolder.finished
            default: files[name] = TraceFolder.open
            }
        }
        let folder = try TraceFolder(files)
        let spec = try CommandRunner.traceFile(
            """
            [\(folder.path)/*.jsonl]
            count >= 1
            finished
            [sub/*]
            finished
            [t3?.jsonl]
            next == 1
            [missing/*.jsonl]
            finished
            """, name: "\(UUID().uuidString).spec")
        return (folder, spec)
    }

    @Test func theOutputIsByteForByteTheSameWhateverTheNumberOfJobs() async throws {
        let (folder, spec) = try Self.folder()
        for format in ["text", "json", "github"] {
            var outputs: [String] = []
            var reports: [String] = []
            for jobs in ["1", "2", "7"] {
                let xunit = temporaryPath("\(UUID().uuidString).xml")
                let result = try await CommandRunner.run(
                    [
                        "check", "--jobs", jobs, "--format", format, "--xunit-output", xunit, "--spec", spec,
                        folder.path,
                    ],
                    environment: ["GITHUB_STEP_SUMMARY": ""])
                #expect(result.status == 3, "\(result)")
                outputs.append(result.stdout + result.stderr)
                reports.append(Self.withoutTimes(try String(contentsOfFile: xunit, encoding: .utf8)))
            }
            #expect(outputs[1] == outputs[0], "\(format), 2 jobs")
            #expect(outputs[2] == outputs[0], "\(format), 7 jobs")
            #expect(reports[1] == reports[0] && reports[2] == reports[0], "JUnit, \(format)")
        }
    }

    /// The report without its measured times and its clock time.
    static func withoutTimes(_ report: String) -> String {
        report.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #" timestamp="[0-9T:-]+""#, with: "", options: .regularExpression)
    }
}
#endif
