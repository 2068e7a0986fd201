import Foundation
import StreamTrace

/// `streamtrace export --format otlp` and `--format chrome` on the
/// realistic trace of `--export-size` MB (the default, 1065 MB, is 10
/// million lines), output discarded, in the same rounds as `cat`; the OTLP
/// export's peak beside its bound, 32 MB plus three times the longest line.
struct ExportBench {
    let options: BenchOptions

    func rows() -> [String] {
        let cli = Measure.streamtrace
        if let unbuilt = Measure.unbuilt("`streamtrace export`") { return unbuilt }
        let path = options.directory + "/realistic-\(options.exportSize)MB.jsonl"
        let mb = Double(RealisticTrace.ensure(path: path, megabytes: options.exportSize)) / 1e6
        let (lines, longest) = Self.lines(of: path)
        let epoch = ["--epoch", "2026-05-01T12:00:00Z"]
        let runs = ChildRuns(
            [
                [cli, "export", "--format", "otlp"] + epoch + [path], [cli, "export", "--format", "chrome", path],
                ["/usr/bin/env", "cat", path],
            ], rounds: options.repeats)
        let size = String(format: "%.1fM lines, %.0f MB", Double(lines) / 1e6, mb)
        var rows: [String] = []
        for (index, format) in ["otlp", "chrome"].enumerated() {
            let failed = runs.status(index) == 0 ? "" : " (exit \(runs.status(index))!)"
            rows.append(
                "| `streamtrace export --format \(format)`, \(size), vs `cat` | \(runs.rate(index, mb)), "
                    + "\(runs.memory(index)) peak\(failed) | \(runs.rate(2, mb)) | \(runs.ratio(2, index)) |")
        }
        let bound = 32.0 + 3 * Double(longest) / (1024 * 1024)
        rows.append(
            "| `export --format otlp` peak, bound: 32 MB + 3 × the longest line (\(longest) B) | \(runs.memory(0)) | "
                + String(format: "%.1f MB", bound) + " | – |")
        return rows
    }

    /// The number of lines and the longest line's bytes, read in chunks.
    static func lines(of path: String) -> (count: Int, longest: Int) {
        guard let file = FileHandle(forReadingAtPath: path) else { return (0, 0) }
        defer { try? file.close() }
        var (count, longest, current) = (0, 0, 0)
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
            for byte in chunk {
                if byte == 0x0A {
                    count += 1
                    longest = max(longest, current)
                    current = 0
                } else {
                    current += 1
                }
            }
        }
        return (count, max(longest, current))
    }
}
