import Foundation

/// Issue 36 item 9: a marble comparison decided in frame 1 costs the same on 10 events or 200,000. `streamtrace check
/// TRACE 'marbles "-a|" frame 1ms'` on a trace of 200,000 values, one a millisecond (the first already differs), in
/// the same rounds as `wc -l` on it, with the peak memory of each; the library's side is RecorderClient's `marbles`
/// row (``RecorderClientBench``).
struct MarblesBench {
    let options: BenchOptions
    static let values = 200_000

    func rows() -> [String] {
        if let unbuilt = Measure.unbuilt("`streamtrace check`") { return unbuilt }
        let path = options.directory + "/marbles-\(Self.values).jsonl"
        Self.write(path)
        let runs = ChildRuns(
            [
                [options.cli, "check", path, #"marbles "-a|" frame 1ms"#],
                ["/usr/bin/env", "wc", "-l", path],
            ], rounds: options.repeats, stdout: [options.directory + "/marbles-check.txt", nil])
        let seconds = { (index: Int) in String(format: "%.3f s", runs.seconds(index)) }
        return [
            "| marbles: `streamtrace check TRACE 'marbles \"-a\\|\" frame 1ms'`, \(Self.values) values one a "
                + "millisecond, the first differing (s, peak memory, exit) vs `wc -l` | "
                + "\(seconds(0)), \(runs.memory(0)) peak, exit \(runs.status(0)) | \(seconds(1)), \(runs.memory(1)) | "
                + "\(runs.ratio(1, 0)) |"
        ]
    }

    /// The trace: subscribed at 0, value i at i + 1 ms.
    static func write(_ path: String) {
        var text = #"{"streamtrace":1,"stream":"ticks","clock":"virtual","at":0}"# + "\n"
        text += #"{"t":0,"event":"subscribe"}"# + "\n"
        for index in 0..<values {
            text += #"{"t":\#((index + 1) * 1_000_000),"event":"value","value":\#(index)}"# + "\n"
        }
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}
