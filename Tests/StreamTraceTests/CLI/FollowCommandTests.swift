// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `show --follow`: a trace as it is written, through the real binary, with
/// a writer appending while it runs.
@Suite struct FollowCommandTests {
    static let header = #"{"streamtrace":1,"stream":"live","clock":"virtual","at":0}"# + "\n"
    static func value(_ n: Int) -> String { #"{"t":\#(n)000000,"event":"value","value":\#(n)}"# + "\n" }
    static func row(_ n: Int) -> String { "      +\(n)ms        +1ms  value      \(n)" }

    @Test func rowsOfAGrowingFileAppearAsTheyAreWrittenUntilTheTerminalEvent() async throws {
        let path = try CommandRunner.traceFile(Self.header + #"{"t":0,"event":"subscribe"}"# + "\n")
        let follower = try FollowedProcess(["show", "--follow", "--width", "80", path])
        try await follower.waitForOutput(containing: "+0ns        +0ns  subscribe\n")
        // The writer appends one event at a time; each row shows before the next is written.
        let writer = Task {
            for n in 1...3 {
                try append(Self.value(n), to: path)
                try await follower.waitForOutput(containing: Self.row(n) + "\n")
            }
            try append(
                #"{"t":4000000,"event":"finished"}"# + "\n" + #"{"t":5000000,"event":"value","value":9}"#, to: path)
        }
        try await writer.value
        #expect(try await follower.exitStatus() == 0)
        // The marble line spans the subscription too, as `show`'s does.
        #expect(
            follower.output == """
                stream:    live
                clock:     virtual
                \(TextLayout.truncated("following: \(path) (until it ends, or Ctrl-C)", to: 80))

                         t          Δt  event      value
                      +0ns        +0ns  subscribe
                \(Self.row(1))
                \(Self.row(2))
                \(Self.row(3))
                      +4ms        +1ms  finished

                status:    finished
                elements:  3
                duration:  4ms

                ------------------a-----------------b----------------c-----------------|
                a = 1   b = 2   c = 3   |: finished

                """)
        #expect(follower.errors.isEmpty)
    }

    @Test func aFIFOIsReadUntilItsWriterClosesIt() async throws {
        let path = temporaryPath(UUID().uuidString + ".fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let follower = try FollowedProcess(["show", "--follow", "--width", "80", path])
        // Opening a FIFO for writing waits for its reader: on a thread of its own.
        let fd = try await onOwnThread { open(path, O_WRONLY) }
        try #require(fd >= 0)
        func write(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { Foundation.write(fd, $0.baseAddress!, $0.count - 1) }
        }
        write(Self.header + Self.value(1))
        try await follower.waitForOutput(containing: Self.row(1))
        write(Self.value(2))
        try await follower.waitForOutput(containing: Self.row(2))
        close(fd)  // the writer is gone without a terminal event: the trace is open
        #expect(try await follower.exitStatus() == 0)
        #expect(follower.lines.contains("status:    open"))
        #expect(follower.lines.suffix(3) == ["a" + String(repeating: "-", count: 70) + "b", "a = 1   b = 2", ""])
    }

    @Test func ctrlCEndsItWithHowFarTheTraceGotAndItsMarbleLine() async throws {
        let path = try CommandRunner.traceFile(Self.header + Self.value(1))
        let follower = try FollowedProcess(["show", "--follow", "--width", "60", path])
        try await follower.waitForOutput(containing: Self.row(1))
        try append(Self.value(2) + #"{"t":3000000,"ev"#, to: path)  // the writer is mid-line
        try await follower.waitForOutput(containing: Self.row(2))
        follower.interrupt()
        #expect(try await follower.exitStatus() == 130)
        #expect(
            follower.output.hasSuffix(
                """

                stopped:   Ctrl-C, before the trace ended
                status:    open
                elements:  2
                duration:  1ms

                a----------------------------------------------------------b
                a = 1   b = 2

                """), "\(follower.output)")
        #expect(follower.errors.isEmpty, "a line being written when Ctrl-C came is not a damaged trace")
    }

    @Test func waitingForTheWriterTakesNoWakeUps() async throws {
        let path = try CommandRunner.traceFile(Self.header + Self.value(1))
        let follower = try FollowedProcess(["show", "--follow", path])
        try await follower.waitForOutput(containing: Self.row(1))
        guard let before = follower.wakeUps else { return }  // Linux only: /proc
        // One second of a writer writing nothing: a poller every 10 ms would wake 100 times.
        let idle = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < idle { try await Task.sleep(for: .milliseconds(50)) }
        let after = try #require(follower.wakeUps)
        #expect(after - before <= 2, "\(after - before) wake-ups in 1 s of waiting")
        try append(Self.value(2), to: path)
        try await follower.waitForOutput(containing: Self.row(2))
        follower.interrupt()
        #expect(try await follower.exitStatus() == 130)
    }

    @Test func followShowsOneTraceAsText() async throws {
        let path = try CommandRunner.traceFile(Self.header)
        for arguments in [["--follow", path, path], ["--follow", "--format", "html", path]] {
            let result = try await CommandRunner.run(["show"] + arguments)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("streamtrace: error: --follow shows one trace, as text"))
        }
        let finished = try CommandRunner.traceFile(Self.header + #"{"t":0,"event":"finished"}"# + "\n")
        let done = try await CommandRunner.run(["show", "--follow", finished])
        #expect(done.status == 0)
        #expect(done.lines.contains("status:    finished"))
    }
}
#endif
