import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A trace named on the command line, opened for one pass or for several.
///
/// A path is opened by the bytes the process was given (see
/// ``CommandLineArguments``); `-` is standard input. For several passes, a
/// regular file is read again from its start, and standard input, a FIFO,
/// `/dev/stdin` or a process substitution are first copied to a temporary
/// file, in chunks — to disk, not memory.
final class TraceInput {
    /// The trace as messages name it: its path, or `<stdin>` for `-`.
    let name: String
    private let argument: String
    private var descriptor: Int32?
    private var copy: String?
    private var readers = 0

    /// Opens `argument` (a path, or `-`); `passes` is how many times it
    /// will be read.
    init(_ argument: String, passes: Int = 1) throws(TraceReadError) {
        self.argument = argument
        name = Self.name(of: argument)
        guard passes > 1 || CommandLineArguments.bytes(of: argument) != nil else { return }
        let fd = argument == "-" ? dup(0) : CommandLineArguments.open(argument, O_RDONLY)
        guard fd >= 0 else { throw Self.openFailure(name, errno) }
        descriptor = fd
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Self.readFailure(name, errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Self.readFailure(name, EISDIR) }
        if passes > 1, (info.st_mode & S_IFMT) != S_IFREG {
            let path = try Self.copy(from: fd, name: name)
            close(fd)
            descriptor = CommandLineArguments.open(path, O_RDONLY)
            copy = path
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
        if let copy { CommandLineArguments.remove(copy) }
    }

    /// A reader from the start of the trace.
    func reader() throws(TraceReadError) -> TraceReader {
        defer { readers += 1 }
        guard let descriptor else { return try TraceReader(path: argument) }
        if readers > 0, lseek(descriptor, 0, SEEK_SET) != 0 { throw Self.readFailure(name, errno) }
        // The reader keeps a descriptor of its own: it may outlive this input.
        let own = dup(descriptor)
        guard own >= 0 else { throw Self.readFailure(name, errno) }
        return try TraceReader(closingFileDescriptor: own, name: name)
    }

    /// A descriptor of its own, at the trace's start, for the caller to
    /// read and close.
    func openDescriptor() throws(TraceReadError) -> Int32 {
        defer { readers += 1 }
        guard let descriptor else {
            let fd = argument == "-" ? dup(0) : CommandLineArguments.open(argument, O_RDONLY)
            guard fd >= 0 else { throw Self.openFailure(name, errno) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw Self.readFailure(name, EISDIR)
            }
            return fd
        }
        if readers > 0, lseek(descriptor, 0, SEEK_SET) != 0 { throw Self.readFailure(name, errno) }
        let own = dup(descriptor)
        guard own >= 0 else { throw Self.readFailure(name, errno) }
        return own
    }

    /// Copies what `fd` holds to a new temporary file; its path.
    private static func copy(from fd: Int32, name: String) throws(TraceReadError) -> String {
        var template = (CommandLineArguments.pathBytes(Environment.temporaryDirectory)
            + Array("/streamtrace-input-XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
        let output = mkstemp(&template)
        guard output >= 0 else { throw readFailure(name, errno, "cannot make a temporary copy") }
        defer { close(output) }
        let path = CommandLineArguments.path(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count == 0 { return path }
            if count < 0, errno == EINTR { continue }
            let failure: Int32? =
                count < 0
                ? errno : chunk.withUnsafeBytes { FileDescriptorWrite.all(.init(rebasing: $0[..<count]), to: output) }
            if let failure {
                CommandLineArguments.remove(path)
                throw readFailure(name, failure, count < 0 ? "cannot read" : "cannot make a temporary copy")
            }
        }
    }

    /// How messages and output name `argument`: its path, or `<stdin>` for `-`.
    static func name(of argument: String) -> String {
        argument == "-" ? "<stdin>" : argument
    }

    /// `cannot open: no such file`, as the reader words it for a path.
    static func openFailure(_ name: String, _ code: Int32) -> TraceReadError {
        let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
        return TraceReadError(kind: .unreadable, file: name, line: 0, column: 0, message: "cannot open: \(reason)")
    }

    /// `cannot read: is a directory`, as the reader words it.
    static func readFailure(_ name: String, _ code: Int32, _ what: String = "cannot read") -> TraceReadError {
        let reason = code == EISDIR ? "is a directory" : String(cString: strerror(code))
        return TraceReadError(kind: .unreadable, file: name, line: 0, column: 0, message: "\(what): \(reason)")
    }
}
