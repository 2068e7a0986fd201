// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Runs the built `streamtrace` binary with its standard output on a
/// pseudo-terminal of a given width, as a person at a terminal would: what
/// depends on a terminal (widths, colour) is exercised for real.
enum TerminalRunner {
    struct Result: CustomStringConvertible {
        var status: Int32
        /// What the terminal received, line ends as written (raw mode).
        var output: String
        var stderr: String
        var description: String { "exit \(status)\noutput:\n\(output)\nstderr:\n\(stderr)" }
        var lines: [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the binary with a terminal of `columns` columns as its output.
    static func run(_ arguments: [String], columns: Int, environment: [String: String] = [:]) async throws -> Result {
        try await onOwnThread {
            try asChildProcess { try runBlocking(arguments, columns: columns, environment: environment) }
        }
    }

    private static func runBlocking(_ arguments: [String], columns: Int, environment: [String: String]) throws -> Result
    {
        let (master, slave) = try openTerminal(columns: columns)
        defer { close(master) }
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.environment = CommandRunner.environment(environment)
        let err = Pipe()
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(slave)  // the child has it; the master then reads to the child's end
        nonisolated(unsafe) var errData = Data()
        // The semaphore, not polling `isFinished`, orders the thread's write before the read below.
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            readerDone.signal()
        }
        reader.start()
        let output = readAll(master)
        process.waitUntilExit()
        readerDone.wait()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A pseudo-terminal pair in raw mode (no `\r\n` translation), its
    /// window `columns` wide.
    private static func openTerminal(columns: Int) throws -> (master: Int32, slave: Int32) {
        let master = PseudoTerminal.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
        var name = [CChar](repeating: 0, count: 128)
        // ptsname_r, not ptsname: tests open terminals in parallel, and
        // ptsname answers in one static buffer.
        guard master >= 0, PseudoTerminal.grant(master) == 0, PseudoTerminal.unlock(master) == 0,
            PseudoTerminal.slaveName(master, &name, name.count) == 0
        else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw Failure(description: "cannot open the terminal's slave side") }
        var attributes = termios()
        tcgetattr(slave, &attributes)
        cfmakeraw(&attributes)
        tcsetattr(slave, TCSANOW, &attributes)
        var size = winsize(ws_row: 40, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        return (master, slave)
    }

    /// Everything the terminal receives until the program closes it (read
    /// returns EIO on Linux, 0 elsewhere).
    private static func readAll(_ master: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
            if count > 0 {
                output += chunk[..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return output
            }
        }
    }
}

/// The C library's pseudo-terminal calls, which Glibc's Swift module does
/// not export (they need `_XOPEN_SOURCE`): looked up by name.
private enum PseudoTerminal {
    typealias OpenMaster = @convention(c) (Int32) -> Int32
    typealias OnMaster = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("the C library has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    static let openMaster = function("posix_openpt", as: OpenMaster.self)
    static let grant = function("grantpt", as: OnMaster.self)
    static let unlock = function("unlockpt", as: OnMaster.self)
    static let slaveName = function("ptsname_r", as: Name.self)
}
#endif
