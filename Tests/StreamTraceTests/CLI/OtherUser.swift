// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Runs the binary as another user (`nobody`, through `su`), for what root
/// is never denied. That user may not reach the checkout (root's home, a
/// `mktemp -d` directory), so the binary and the files it reads are copied
/// to a directory of their own under `/tmp`, which every user can enter.
/// Where that user cannot run the copy, the test that needs it is skipped,
/// and ``skipNote`` says why in one line.
enum OtherUser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether tests run as root, and so need another user to be denied.
    static let isNeeded = getuid() == 0

    /// Why `nobody` cannot run a copy of the binary, or `nil` if it can.
    static let problem: String? = {
        guard isNeeded else { return nil }
        do {
            let result = try run(["--version"], files: [])
            guard result.status == 0 else {
                return "nobody cannot run a copy of streamtrace in /tmp (exit \(result.status)): "
                    + (result.stderr.split(separator: "\n").first.map(String.init) ?? "")
            }
            return nil
        } catch {
            return "nobody cannot run a copy of streamtrace in /tmp: \(error)"
        }
    }()

    static var isAvailable: Bool { problem == nil }

    static var skipNote: Comment { Comment(rawValue: problem ?? "") }

    /// Runs the binary as `nobody` with `arguments`, in which `{NAME}`
    /// stands for the copy of a file in `files` (path, name, mode) made in
    /// a new directory under `/tmp`; the directory goes afterwards. Its
    /// output names the copies by their names alone.
    static func run(
        _ arguments: [String], files: [(path: String, name: String, mode: Int)]
    ) throws -> CommandRunner.Result {
        let manager = FileManager.default
        let directory = "/tmp/streamtrace-\(getpid())-\(UUID().uuidString)"
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? manager.removeItem(atPath: directory) }
        chmod(directory, 0o755)
        let binary = directory + "/streamtrace"
        // Copied by `cp`, a process of its own: a file this process opened
        // for writing would be inherited by any child another test spawns
        // meanwhile (Foundation opens it without O_CLOEXEC), and running the
        // copy while that child lives fails with ETXTBSY ("Text file busy").
        let copied = try CommandRunner.runBlocking(
            [CommandRunner.binary.path, binary], stdin: nil, environment: [:], executable: "/bin/cp")
        guard copied.status == 0 else { throw Failure(description: "cp: \(copied.stderr)") }
        chmod(binary, 0o755)
        var command = "\"\(binary)\""
        for file in files {
            let copy = directory + "/" + file.name
            try manager.copyItem(atPath: file.path, toPath: copy)
            chmod(copy, mode_t(file.mode))
        }
        for argument in arguments {
            let resolved = files.reduce(argument) {
                $0.replacingOccurrences(of: "{\($1.name)}", with: directory + "/" + $1.name)
            }
            command += " \"\(resolved)\""
        }
        var result = try run(command)
        result.stdout = result.stdout.replacingOccurrences(of: directory + "/", with: "")
        result.stderr = result.stderr.replacingOccurrences(of: directory + "/", with: "")
        return result
    }

    /// `su nobody -s /bin/sh -c COMMAND`, waited for on this thread.
    private static func run(_ command: String) throws -> CommandRunner.Result {
        guard FileManager.default.isExecutableFile(atPath: "/bin/su") else { throw Failure(description: "no /bin/su") }
        return try CommandRunner.runBlocking(
            ["nobody", "-s", "/bin/sh", "-c", command], stdin: nil, environment: [:], executable: "/bin/su")
    }
}
#endif
