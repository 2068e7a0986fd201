// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import StreamTraceBrowser

/// `show` over several traces: the HTML page of 100,000 events (its size,
/// how long `streamtrace` takes to write it, and how long Chromium takes to
/// load and draw it), the text view's memory, and `--follow`'s wake-ups.
extension Benchmarks {
    /// The `streamtrace` built beside this benchmark.
    var streamtrace: String { Measure.streamtrace }

    /// The three synthetic traces of 100,000 events in all; their paths and size.
    func syntheticTraces() -> (paths: [String], bytes: Int) {
        let folder = directory + "/synthetic-100k"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        var bytes = 0
        for (name, text) in SyntheticTraces.threeLanes(events: 100_000) {
            let path = folder + "/" + name
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
            bytes += text.utf8.count
        }
        return (paths, bytes)
    }

    func timelineRows() -> [String] {
        if let unbuilt = Measure.unbuilt("show --format html") { return unbuilt }
        let (paths, traceBytes) = syntheticTraces()
        let page = directory + "/synthetic-100k.html"
        // Writing the page beside `cat` of the traces, and the text view, in the same rounds.
        let runs = ChildRuns(
            [
                [streamtrace, "show", "--format", "html"] + paths, ["/usr/bin/env", "cat"] + paths,
                [streamtrace, "show", "--width", "100"] + paths,
            ], rounds: options.repeats, stdout: [page, nil, nil])
        let size = Measure.fileSize(page)
        var rows = [
            "| `show --format html`, 100,000 events in 3 traces: page size (goal < 20 MB) vs the traces | "
                + String(format: "%.1f MB", Double(size) / 1e6) + " | "
                + String(format: "%.1f MB", Double(traceBytes) / 1e6)
                + " | " + String(format: "%.2f×", Double(size) / Double(traceBytes)) + " |",
            "| `show --format html`, 100,000 events: time to write the page, peak memory, vs `cat` of the traces | "
                + String(format: "%.0f ms, ", runs.seconds(0) * 1000) + runs.memory(0) + " | "
                + String(format: "%.1f ms", runs.seconds(1) * 1000) + " | " + runs.ratio(1, 0) + " |",
            "| `show` (text) of the same 3 traces merged: peak memory (bounded by a line) | " + runs.memory(2)
                + " | – | – |",
        ]
        rows += browserRows(page: page)
        return rows
    }

    /// Chromium loading and drawing the page: the median of `--repeats` fresh browsers.
    func browserRows(page: String) -> [String] {
        guard let executable = HeadlessChromium.locate() else {
            return ["| 100,000-event page in Chromium | – | no Chromium found (install chromium) | – |"]
        }
        var drawn: [Double] = []
        var harness: [Double] = []
        for _ in 0..<options.repeats {
            do {
                let browser = try HeadlessChromium(executable: executable)
                defer { browser.close() }
                let tab = try browser.newPage()
                let start = ContinuousClock.now
                try tab.navigate(to: URL(fileURLWithPath: page))
                let ready = try tab.evaluate("window.streamtrace.ready", awaitPromise: true, timeout: .seconds(60))
                let elapsed = ContinuousClock.now - start
                harness.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
                drawn.append(ready["drawnMs"]?.double ?? .nan)
            } catch {
                return ["| 100,000-event page in Chromium | – | \(error) | – |"]
            }
        }
        let runs = drawn.map { String(format: "%.0f", $0) }.joined(separator: ", ")
        return [
            "| 100,000-event page in Chromium: loaded and drawn, median of \(drawn.count) (page clock; runs: \(runs) ms) vs the goal | "
                + String(format: "%.0f ms", Measure.median(drawn)) + " | 2000 ms | "
                + String(format: "%.2f×", Measure.median(drawn) / 2000) + " |",
            "| same, harness clock (navigation sent → first frame drawn), median of \(harness.count) | "
                + String(format: "%.0f ms", Measure.median(harness)) + " | 2000 ms | "
                + String(format: "%.2f×", Measure.median(harness) / 2000) + " |",
        ]
    }
}
#endif
