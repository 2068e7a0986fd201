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

    static func best(of runs: Int, _ body: () -> Void) -> Double {
        (0..<runs).map { _ in seconds(body) }.min() ?? 0
    }

    /// Runs async work to completion from synchronous code.
    static func blocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }

    struct ChildResult {
        var seconds: Double
        var maxRSSKilobytes: Int
        var status: Int32
    }

    /// Runs a command with its output discarded; returns its wall time,
    /// peak resident memory and exit status.
    static func spawn(_ command: [String]) -> ChildResult {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else {
            return ChildResult(seconds: 0, maxRSSKilobytes: 0, status: 127)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildResult(seconds: seconds, maxRSSKilobytes: Int(usage.ru_maxrss), status: exitStatus)
    }
}
