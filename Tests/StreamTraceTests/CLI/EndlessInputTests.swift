// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Inputs that never end by themselves (`/dev/zero`, `/dev/urandom`, a
/// stuck producer): every command fails at the first bad line, having read
/// little more than the line limit, instead of reading (or copying) on.
@Suite struct EndlessInputTests {
    /// A FIFO fed from a thread of its own with a stream that does not end
    /// by itself. Writing stops when the command goes away (EPIPE), or at a
    /// cap far past what a correct command reads: a command that read on
    /// would be seen to, without filling a disk.
    final class EndlessFIFO: @unchecked Sendable {
        let path = temporaryPath("endless-\(UUID().uuidString).fifo")
        static let cap = 1 << 30
        private let lock = NSLock()
        private var count = 0
        private let finished = DispatchSemaphore(value: 0)

        /// `fill` writes the next block of the stream, numbered from 0.
        init(_ fill: @escaping @Sendable (Int, inout [UInt8]) -> Void) throws {
            try #require(mkfifo(path, 0o600) == 0)
            let path = self.path
            onAnotherThread { [self] in
                defer { finished.signal() }
                // A write the command no longer reads fails with EPIPE: SIGPIPE is blocked in this
                // thread only (a pending one dies with it), never ignored for the whole process,
                // whose disposition the binaries other tests start inherit.
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                let fd = open(path, O_WRONLY)  // waits for the command to open it
                guard fd >= 0 else { return }
                defer { close(fd) }
                var block = [UInt8](repeating: 0, count: 1 << 16)
                var number = 0
                while written < Self.cap {
                    fill(number, &block)
                    guard block.withUnsafeBytes({ write(fd, $0.baseAddress!, $0.count) }) == block.count else { return }
                    lock.withLock { count += block.count }
                    number += 1
                }
            }
        }

        /// Bytes the command took.
        var written: Int { lock.withLock { count } }

        /// Lets the writer go if the command never opened the FIFO, and waits for it.
        func stop() {
            let reader = open(path, O_RDONLY | O_NONBLOCK)
            if reader >= 0 { close(reader) }
            _ = finished.wait(timeout: .now() + 60)
            unlink(path)
        }
    }

    /// Runs `arguments` with `FIFO` replaced by the FIFO's path; its exit
    /// status, standard error and the bytes it took. A 60 s hang bound.
    func run(_ arguments: [String], on fifo: EndlessFIFO) async throws -> (Int32, String, Int) {
        defer { fifo.stop() }
        let process = try FollowedProcess(arguments.map { $0 == "FIFO" ? fifo.path : $0 })
        let status = try await process.exitStatus(timeout: .seconds(60))
        return (status, process.errors, fifo.written)
    }

    static let commands = [
        ["check", "FIFO", "count"], ["show", "FIFO"], ["show", "--format", "json", "FIFO"],
        ["show", "--format", "html", "FIFO"], ["diff", "FIFO", CommandRunner.sample("search.jsonl")],
        ["export", "--format", "chrome", "FIFO"],
    ]

    @Test(arguments: commands)
    func noNewlineWithinTheLimitFailsAtLine1(arguments: [String]) async throws {
        let zeros = try EndlessFIFO { _, _ in }
        let (status, errors, written) = try await run(arguments, on: zeros)
        #expect(status == 3)
        #expect(errors == "\(zeros.path):1:1: line is longer than the limit of 16 MiB\n")
        #expect(written < 64 << 20, "read \(written) bytes of a line that was over the limit at 16 MiB")
    }

    @Test(arguments: commands)
    func randomBytesFailAtTheFirstLine(arguments: [String]) async throws {
        let random = try EndlessFIFO { number, block in
            var generator = SystemRandomNumberGenerator()
            for i in block.indices { block[i] = UInt8.random(in: 0...255, using: &generator) }
            if number == 0 { block[0] = 0x9F }  // not a line end, not white space: line 1 holds the problem
        }
        let (status, errors, written) = try await run(arguments, on: random)
        #expect(status == 3)
        #expect(
            errors.hasPrefix("\(random.path):1:1: not a trace header: expected a JSON object, found byte 0x9F"),
            "\(errors)")
        #expect(written < 64 << 20)
    }
}
#endif
