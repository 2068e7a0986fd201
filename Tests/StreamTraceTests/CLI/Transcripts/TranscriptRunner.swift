#if os(macOS) || os(Linux)
import Foundation

/// Runs the commands of a `console` block, in order, in one `bash` (so `cd`,
/// variables and `echo $?` work as in a terminal), in a fresh copy of the
/// examples' folder, with the built `streamtrace` first on `PATH`.
///
/// The folder holds `docs/examples/` and, as `samples/`, the repository's
/// `samples/`. The environment is fixed: `PATH` (the binary's folder,
/// `/usr/bin`, `/bin`), `HOME` (the folder), `LC_ALL=C.UTF-8`; no `COLUMNS`,
/// `NO_COLOR`, `TERM` or CI variables. Standard output and standard error go
/// to one pipe, in the order they are written. Output is normalised in one
/// step, ``normalized(_:folder:during:)``: the folder's absolute path reads
/// `.`, and the time of the run (an RFC 3339 UTC time within a minute of
/// it: `export`'s note on the epoch it picked) reads `<now>`. Nothing else
/// depends on time or place: commands take relative paths, and the
/// examples' traces are on virtual clocks or carry their recorded `started`.
enum TranscriptRunner {
    struct Outcome {
        var output: [String]
        var status: Int32
    }

    static let root = CommandRunner.root

    /// A fresh folder with the examples and the samples.
    static func workingFolder() throws -> URL {
        let folder = URL(fileURLWithPath: try temporaryDirectory())
        let manager = FileManager.default
        let examples = root.appendingPathComponent("docs/examples")
        for entry in try manager.contentsOfDirectory(atPath: examples.path) where entry != "README.md" {
            try manager.copyItem(at: examples.appendingPathComponent(entry), to: folder.appendingPathComponent(entry))
        }
        try manager.copyItem(at: root.appendingPathComponent("samples"), to: folder.appendingPathComponent("samples"))
        return folder.resolvingSymlinksInPath()
    }

    /// Each command's output lines and exit status.
    static func run(_ commands: [Transcript.Command]) async throws -> [Outcome] {
        let folder = try workingFolder()
        let results = URL(fileURLWithPath: try temporaryDirectory())
        var script = "cd \(quoted(folder.path)) || exit 99\nstatus=0\n"
        for (index, command) in commands.enumerated() {
            let output = quoted(results.appendingPathComponent("\(index).out").path)
            let status = quoted(results.appendingPathComponent("\(index).status").path)
            // `(exit $status)` gives the command the previous one's `$?`.
            script += "(exit $status)\n{\n\(command.text)\n} >\(output) 2>&1 </dev/null\nstatus=$?\n"
            script += "echo $status >\(status)\n"
        }
        let scriptFile = results.appendingPathComponent("transcript.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let binaryFolder = CommandRunner.binary.deletingLastPathComponent().path
        let environment = [
            "PATH": "\(binaryFolder):/usr/bin:/bin", "HOME": folder.path, "LC_ALL": "C.UTF-8",
        ]
        let start = Date()
        let shell = try await CommandRunner.run(
            ["-i"] + environment.map { "\($0)=\($1)" }.sorted() + [
                "/bin/bash", "--noprofile", "--norc", scriptFile.path,
            ],
            executable: "/usr/bin/env")
        guard shell.status == 0 else { throw TranscriptError(description: "bash failed: \(shell)") }
        let run = start.addingTimeInterval(-60)...Date().addingTimeInterval(60)
        return try commands.indices.map { index in
            let text = try String(contentsOf: results.appendingPathComponent("\(index).out"), encoding: .utf8)
            let status = try String(contentsOf: results.appendingPathComponent("\(index).status"), encoding: .utf8)
            var lines = normalized(text, folder: folder.path, during: run).components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return Outcome(
                output: lines, status: Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
        }
    }

    /// `output` with `folder` read as `.` and every RFC 3339 UTC time that
    /// falls in `run` read as `<now>`.
    static func normalized(_ output: String, folder: String, during run: ClosedRange<Date>) -> String {
        var text = output.replacingOccurrences(of: folder, with: ".")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let whole = ISO8601DateFormatter()
        for match in text.matches(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z/).reversed() {
            let stamp = String(text[match.range])
            // ISO8601DateFormatter takes at most milliseconds: the rest does not matter here.
            let trimmed = stamp.replacing(/(\.[0-9]{3})[0-9]+Z$/, with: { "\($0.1)Z" })
            guard let date = parser.date(from: trimmed) ?? whole.date(from: trimmed), run.contains(date) else {
                continue
            }
            text.replaceSubrange(match.range, with: "<now>")
        }
        return text
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    struct TranscriptError: Error, CustomStringConvertible {
        var description: String
    }
}
#endif
