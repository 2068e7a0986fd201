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

/// Something went wrong driving the browser. Every wait is bounded, so a
/// hung or crashed browser ends in `.timedOut` or `.exited`, never a hang.
package enum BrowserError: Error, CustomStringConvertible {
    case launchFailed(String)
    case timedOut(String)
    case exited(String)
    case protocolError(method: String, message: String)
    case javaScript(String)

    package var description: String {
        switch self {
        case .launchFailed(let message): "could not start Chromium: \(message)"
        case .timedOut(let what): "timed out: \(what)"
        case .exited(let message): "Chromium exited: \(message)"
        case .protocolError(let method, let message): "\(method) failed: \(message)"
        case .javaScript(let message): "JavaScript error: \(message)"
        }
    }
}

/// A headless Chromium driven over `--remote-debugging-pipe`: the DevTools
/// protocol as NUL-terminated JSON messages, Chromium reading commands on
/// its fd 3 and writing replies and events on its fd 4. No port, no
/// WebSocket, no node: only the browser binary.
///
/// The browser runs in its own process group with a throw-away profile; `close()`
/// (also run by `deinit`) asks it to quit, waits a bounded time, then kills
/// the whole group, so no renderer or GPU process outlives the test.
package final class HeadlessChromium {
    package struct Options: Sendable {
        package var windowWidth = 1280
        package var windowHeight = 800
        /// Bound for the start-up handshake (`Browser.getVersion`).
        package var launchTimeout: Duration = .seconds(60)
        /// Default bound for one protocol command.
        package var commandTimeout: Duration = .seconds(60)
        /// Bound for `Browser.close` before the process group is killed.
        package var closeTimeout: Duration = .seconds(5)
        /// Flags added after the default ones.
        package var extraArguments: [String] = []
        package init() {}
    }

    package let executable: String
    package let options: Options
    package let devTools: DevToolsConnection
    package let version: String
    private let pid: pid_t
    private let profile: URL
    private var closed = false

    /// The flags the harness starts Chromium with (besides `--user-data-dir`).
    package static func arguments(options: Options) -> [String] {
        var arguments = [
            "--headless",
            "--remote-debugging-pipe",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-sync",
            "--disable-extensions",
            "--mute-audio",
            "--hide-scrollbars",
            "--window-size=\(options.windowWidth),\(options.windowHeight)",
            // Hermetic: the browser's own background traffic (updates, time, accounts), which the
            // flags above do not stop entirely, goes to a closed port instead of the internet.
            // Page requests are still seen by the Network domain before they fail.
            "--proxy-server=127.0.0.1:9",
            "--proxy-bypass-list=<-loopback>",
        ]
        // Chromium refuses to run as root with its sandbox (CI containers often are root).
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        return arguments + options.extraArguments
    }

    /// Starts the browser and waits (bounded) until it answers on the pipe.
    package init(executable: String, options: Options = Options()) throws {
        self.executable = executable
        self.options = options
        profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("streamtrace-chromium-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let log = profile.appendingPathComponent("chromium.log").path
        let argv = [executable] + Self.arguments(options: options) + ["--user-data-dir=\(profile.path)", "about:blank"]

        // Our ends stay here (close-on-exec); Chromium's ends become its fds 3 and 4.
        let commands = try Pipe.make()
        let replies = try Pipe.make()
        let spawned: pid_t
        do {
            // Crash reports and caches go to the throw-away profile, not to ~/.config.
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = profile.appendingPathComponent("config").path
            environment["XDG_CACHE_HOME"] = profile.appendingPathComponent("cache").path
            spawned = try Self.spawn(
                argv, environment: environment, fd3: commands.read, fd4: replies.write, stderrPath: log)
        } catch {
            for fd in [commands.read, commands.write, replies.read, replies.write] { closeDescriptor(fd) }
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
        pid = spawned
        _ = closeDescriptor(commands.read)
        _ = closeDescriptor(replies.write)
        devTools = DevToolsConnection(
            writeFD: commands.write, readFD: replies.read,
            defaultTimeout: options.commandTimeout,
            diagnostics: { Self.tail(ofFile: log) }
        )
        do {
            let reply = try devTools.call("Browser.getVersion", timeout: options.launchTimeout)
            version = reply["product"]?.string ?? "unknown"
        } catch {
            version = ""
            close(politely: false)  // it did not answer: do not wait for it to quit
            throw error
        }
    }

    deinit { close() }

    /// A new tab, attached, with the domains the tests observe enabled.
    package func newPage(width: Int? = nil, height: Int? = nil) throws -> BrowserPage {
        let target = try devTools.call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"]?.string else {
            throw BrowserError.protocolError(method: "Target.createTarget", message: "no targetId")
        }
        let attached = try devTools.call("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
        guard let session = attached["sessionId"]?.string else {
            throw BrowserError.protocolError(method: "Target.attachToTarget", message: "no sessionId")
        }
        let page = BrowserPage(devTools: devTools, session: session, targetID: targetID)
        try page.call("Page.bringToFront")  // a background tab may get no animation frames
        try page.enable(width: width ?? options.windowWidth, height: height ?? options.windowHeight)
        return page
    }

    /// Asks the browser to quit; kills its process group if it has not within `closeTimeout`.
    package func close() { close(politely: true) }

    private func close(politely: Bool) {
        guard !closed else { return }
        closed = true
        if politely, devTools.isOpen {
            _ = try? devTools.call("Browser.close", timeout: options.closeTimeout)
        }
        devTools.shutDown()  // end of file on its fd 3: Chromium quits on its own too
        // Wait (bounded) for it to exit, without reaping it: while the leader is not
        // reaped its pid, which names the process group, cannot be reused.
        let deadline = ContinuousClock.now.advanced(by: options.closeTimeout)
        while ContinuousClock.now < deadline, !hasExited() {
            usleep(20_000)
        }
        // The group: renderer, GPU, zygote and utility processes of this browser only.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: - Process

    /// Whether the browser process has exited (it stays unreaped).
    private func hasExited() -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return result == -1 ? errno == ECHILD : info.si_signo == SIGCHLD
    }
}
#endif
