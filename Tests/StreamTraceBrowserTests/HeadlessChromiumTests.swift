// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTraceBrowser
import Testing

/// The driver's failure modes, with stand-ins for a broken browser: every
/// wait is bounded, and a browser that does not answer is killed.
@Suite("Headless Chromium driver", .serialized)
struct HeadlessChromiumTests {
    static var quick: HeadlessChromium.Options {
        var options = HeadlessChromium.Options()
        options.launchTimeout = .seconds(2)
        options.commandTimeout = .seconds(2)
        options.closeTimeout = .seconds(1)
        return options
    }

    /// A stand-in browser: `body` as the shell script `chromium` in `scratch`.
    func script(_ body: String, in scratch: ScratchDirectory) throws -> (path: String, directory: URL) {
        let directory = scratch.url
        let path = directory.appendingPathComponent("chromium").path
        // Written through a close-on-exec descriptor: a browser that another test starts
        // meanwhile must not inherit it (exec of a file open for writing fails, ETXTBSY).
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(fd >= 0)
        let text = Array("#!/bin/sh\n\(body)\n".utf8)
        #expect(write(fd, text, text.count) == text.count)
        close(fd)
        return (path, directory)
    }

    @Test("a browser that never answers times out, and is killed")
    func hangs() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fake = try script("echo started >&2; exec sleep 600", in: scratch)
        let began = ContinuousClock.now
        #expect {
            _ = try HeadlessChromium(executable: fake.path, options: Self.quick)
        } throws: { error in
            guard case BrowserError.timedOut(let message) = error else { return false }
            return message.contains("Browser.getVersion") && message.contains("started")  // with the log's tail
        }
        // Killed at its 2 s timeouts, not waited for: a hang bound, not a speed bound.
        #expect(began.duration(to: .now) < .seconds(60))
    }

    @Test("a browser that exits at once is reported with its log")
    func exits() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fake = try script("echo 'cannot open display' >&2; exit 1", in: scratch)
        #expect {
            _ = try HeadlessChromium(executable: fake.path, options: Self.quick)
        } throws: { error in
            guard case BrowserError.exited(let message) = error else { return false }
            return message.contains("cannot open display")
        }
    }

    @Test("a missing binary is a launch failure")
    func missing() {
        #expect(throws: BrowserError.self) {
            _ = try HeadlessChromium(executable: "/nonexistent/chromium", options: Self.quick)
        }
    }

    @Test("STREAMTRACE_CHROMIUM chooses the binary; empty means none")
    func locate() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fake = try script("exit 0", in: scratch)
        #expect(HeadlessChromium.locate(environment: ["STREAMTRACE_CHROMIUM": fake.path]) == fake.path)
        #expect(HeadlessChromium.locate(environment: ["STREAMTRACE_CHROMIUM": ""]) == nil)
        #expect(HeadlessChromium.locate(environment: ["PATH": fake.directory.path]) == fake.path)
        #expect(HeadlessChromium.locate(environment: ["PATH": "/nonexistent"]) == nil)
    }

    @Test(
        "CI can require the browser tests to run",
        .enabled(if: ProcessInfo.processInfo.environment["STREAMTRACE_REQUIRE_CHROMIUM"] == "1")
    )
    func required() {
        #expect(Chromium.isAvailable, "STREAMTRACE_REQUIRE_CHROMIUM=1 but \(Chromium.skipNote)")
    }
}
#endif
