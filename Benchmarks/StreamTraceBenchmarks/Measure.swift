import Foundation

/// Timing helpers: wall-clock time of a block, and of a child process with
/// its peak memory.
enum Measure {
    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median over rounds of `baseline / measured`: how fast the
    /// measured run is beside its baseline in the same round.
    static func ratio(_ baseline: [Double], _ measured: [Double]) -> Double {
        median(zip(baseline, measured).map { $0 / $1 })
    }

    struct ChildResult {
        var seconds: Double
        /// The peak memory the child reported (`peak-kilobytes N` on its
        /// output), or 0.
        var peakKilobytes: Int
        var status: Int32
    }

    struct TimedResult {
        var seconds: Double
        /// User and system time of the child.
        var cpuSeconds: Double
        var status: Int32
    }

    /// Runs a command with its output discarded, without a wrapper (a
    /// wrapper's own start-up would count): its wall time, its CPU time
    /// from `wait4`, and its exit status.
    static func timed(_ command: [String]) -> TimedResult {
        run(command, stdout: nil)
    }

    /// Spawns `command` (standard output to `stdout`, else discarded) and
    /// waits for it: wall time, CPU time and exit status, the one place
    /// that spawns for every measurement.
    private static func run(_ command: [String], stdout: String?) -> TimedResult {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else {
            return TimedResult(seconds: 0, cpuSeconds: 0, status: 127)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - start
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return TimedResult(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }

    /// The `streamtrace` built beside this benchmark (same configuration).
    static let streamtrace = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("streamtrace").path

    /// The row a bench of `what` prints instead of its rows when the
    /// streamtrace product is not built; `nil` when it is.
    static func unbuilt(_ what: String) -> [String]? {
        guard FileManager.default.isExecutableFile(atPath: streamtrace) else {
            return ["| \(what) | – | build the streamtrace product first | – |"]
        }
        return nil
    }

    /// The size of the file at `path`, in bytes (0 if there is none).
    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// The machine: its cores and its load (other work skews every number).
    static var machine: String {
        let info = ProcessInfo.processInfo
        return "\(info.activeProcessorCount) cores (\(info.processorCount) online), "
            + "load average \(FastReadBench.loadAverage())"
    }

    /// Formats a peak memory in MB, or n/a.
    static func megabytes(_ result: ChildResult) -> String {
        result.peakKilobytes > 0
            ? String(format: "%.1f MB", Double(result.peakKilobytes) / 1024) : "n/a (install GNU time)"
    }

    /// Runs a command with its output discarded; returns its wall time, its
    /// peak memory and its exit status. The peak comes from GNU time when it
    /// is installed: the kernel's ru_maxrss of a child spawned from this
    /// (large) process would include this process's own memory.
    static func spawn(_ command: [String], stdout: String? = nil) -> ChildResult {
        let timeTool = "/usr/bin/time"
        let report = NSTemporaryDirectory() + "/streamtrace-bench-\(getpid()).time"
        let hasTime = FileManager.default.isExecutableFile(atPath: timeTool)
        let command = hasTime ? [timeTool, "-f", "peak-kilobytes %M", "-o", report] + command : command
        let result = run(command, stdout: stdout)
        let printed = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: report)
        let peak =
            printed.split(separator: "\n").first { $0.hasPrefix("peak-kilobytes ") }
            .flatMap { Int($0.dropFirst("peak-kilobytes ".count)) } ?? 0
        return ChildResult(seconds: result.seconds, peakKilobytes: peak, status: result.status)
    }
}
