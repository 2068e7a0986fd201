// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting the browser process, and finding its binary.
extension HeadlessChromium {
    static func spawn(
        _ argv: [String], environment: [String: String], fd3: Int32, fd4: Int32, stderrPath: String
    ) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, fd3, 3)
        posix_spawn_file_actions_adddup2(&actions, fd4, 4)
        // Nothing else of the test process (files it is writing, other browsers' pipes)
        // leaks into the browser: it would keep them open for its whole life.
        #if canImport(Darwin)
        let closeOthers = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        let closeOthers: Int16 = 0
        closeDescriptors(from: 5, in: &actions)
        #endif

        // Own process group (to kill it whole), default SIGPIPE handling in the browser.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF) | closeOthers)

        var cArguments = argv.map { strdup($0) }
        cArguments.append(nil)
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") }
        cEnvironment.append(nil)
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        // ETXTBSY: another thread's child briefly holds a just-written executable open.
        for _ in 0..<10 where result == ETXTBSY {
            usleep(50_000)
            result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        }
        guard result == 0 else {
            throw BrowserError.launchFailed("\(argv[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    #if !canImport(Darwin)
    /// Adds "close every descriptor from `first` on" to `actions`: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34+, looked up at run time:
    /// the Swift overlay does not export it), else one close per descriptor
    /// open now without close-on-exec.
    private static func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, first)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd >= first {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0, flags & FD_CLOEXEC == 0 { posix_spawn_file_actions_addclose(&actions, fd) }
        }
    }
    #endif

    /// The end of the browser's log, for error messages.
    static func tail(ofFile path: String, bytes: Int = 2_000) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data.suffix(bytes), as: UTF8.self)
    }

    // MARK: - Finding the binary

    /// The Chromium or Chrome to use: `$STREAMTRACE_CHROMIUM` if set (empty
    /// means "none": the browser tests skip), else the first of the usual
    /// names on `PATH`, else the usual macOS application bundles.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let fileManager = FileManager.default
        if let chosen = environment["STREAMTRACE_CHROMIUM"] {
            return chosen.isEmpty || !fileManager.isExecutableFile(atPath: chosen) ? nil : chosen
        }
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names {
            for directory in directories where !directory.isEmpty {
                let path = directory + "/" + name
                if fileManager.isExecutableFile(atPath: path) { return path }
            }
        }
        let bundles = [
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ]
        return bundles.first { fileManager.isExecutableFile(atPath: $0) }
    }
}

/// `close(2)`, named apart from `HeadlessChromium.close()`.
@discardableResult
func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(fd)
    #elseif canImport(Musl)
    Musl.close(fd)
    #else
    Glibc.close(fd)
    #endif
}

enum Pipe {
    /// A pipe whose ends are close-on-exec and numbered 10 or more, so that
    /// mapping them onto fds 3 and 4 in the child can never overwrite one
    /// with the other.
    static func make() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BrowserError.launchFailed("pipe: \(String(cString: strerror(errno)))") }
        var high: [Int32] = []
        for fd in fds {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            closeDescriptor(fd)
            guard moved >= 0 else {
                for fd in high { closeDescriptor(fd) }
                throw BrowserError.launchFailed("fcntl: \(String(cString: strerror(errno)))")
            }
            high.append(moved)
        }
        return (high[0], high[1])
    }
}
#endif
