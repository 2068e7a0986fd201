// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation

/// `show --follow`'s wake-ups (Linux: the voluntary context switches of its
/// main thread, from /proc): while the writer is idle, and per event the
/// writer appends; `tail -f` on the same file as the baseline.
extension Benchmarks {
    func followRows() -> [String] {
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else {
            return ["| `show --follow` wake-ups | – | needs /proc (Linux) | – |"]
        }
        if let unbuilt = Measure.unbuilt("`show --follow` wake-ups") { return unbuilt }
        var (ours, tail): ([(idle: Int, perEvent: Double)], [(idle: Int, perEvent: Double)]) = ([], [])
        for _ in 0..<options.repeats {
            ours.append(followerWakeUps([streamtrace, "show", "--follow"]))
            tail.append(followerWakeUps(["/usr/bin/env", "tail", "-f"]))
        }
        func idle(_ runs: [(idle: Int, perEvent: Double)]) -> String {
            String(format: "%.0f", Measure.median(runs.map { Double($0.idle) }))
        }
        func perEvent(_ runs: [(idle: Int, perEvent: Double)]) -> String {
            String(format: "%.2f", Measure.median(runs.map(\.perEvent)))
        }
        return [
            "| `show --follow` wake-ups while the writer is idle for 2 s vs `tail -f` | \(idle(ours)) | \(idle(tail)) | – |",
            "| `show --follow` wake-ups per event, 200 events appended one at a time vs `tail -f` | "
                + perEvent(ours) + " | " + perEvent(tail) + " | – |",
        ]
    }

    /// Runs `command FILE` on a trace being written; its wake-ups.
    private func followerWakeUps(_ command: [String]) -> (idle: Int, perEvent: Double) {
        let path = directory + "/follow-\(getpid()).jsonl"
        try? (#"{"streamtrace":1,"stream":"live","at":0}"# + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + [path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil, let handle = FileHandle(forWritingAtPath: path) else { return (-1, .nan) }
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? handle.close()
        }
        func switches() -> Int {
            let status =
                (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        }
        usleep(500_000)  // started and waiting
        let idleStart = switches()
        usleep(2_000_000)
        let idle = switches() - idleStart
        handle.seekToEndOfFile()
        let writing = switches()
        for n in 1...200 {
            handle.write(Data((#"{"t":\#(n)000,"event":"value","value":\#(n)}"# + "\n").utf8))
            usleep(5_000)
        }
        usleep(200_000)
        return (idle, Double(switches() - writing) / 200)
    }
}
#endif
