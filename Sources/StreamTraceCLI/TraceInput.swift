import Foundation
import StreamTrace

/// A trace a command reads more than once, in memory bounded by a line: a
/// regular file as it is; standard input, a FIFO, `/dev/stdin` or a process
/// substitution copied to a temporary file first, in chunks — to disk, not
/// memory.
final class TraceInput {
    /// The trace as messages name it: its path, or `<stdin>` for `-`.
    let name: String
    private let path: String
    private let isCopy: Bool
    private var descriptors: [Int32] = []

    /// Opens `argument` (a path, or `-` for standard input).
    init(_ argument: String) throws(TraceReadError) {
        name = argument == "-" ? "<stdin>" : argument
        if argument != "-", Self.isRegularFile(argument) {
            path = argument
            isCopy = false
            return
        }
        path = try Self.copy(argument == "-" ? "/dev/stdin" : argument, name: name)
        isCopy = true
    }

    deinit {
        for fd in descriptors { close(fd) }
        if isCopy { unlink(path) }
    }

    /// A reader from the start of the trace.
    func reader() throws(TraceReadError) -> TraceReader {
        guard isCopy else { return try TraceReader(path: path) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Self.failure(name, errno) }
        descriptors.append(fd)
        return try TraceReader(fileDescriptor: fd, name: name)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Copies what `source` holds to a new temporary file; its path.
    private static func copy(_ source: String, name: String) throws(TraceReadError) -> String {
        var info = stat()
        let input = open(source, O_RDONLY)
        guard input >= 0, fstat(input, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            // Missing, forbidden, a directory: the reader says which, as it says it for any trace.
            if input >= 0 { close(input) }
            _ = try TraceReader(path: source)
            throw failure(name, errno)
        }
        defer { close(input) }
        var template = Array((NSTemporaryDirectory() + "/streamtrace-input-XXXXXX").utf8CString)
        let output = mkstemp(&template)
        guard output >= 0 else { throw failure(name, errno, "cannot make a temporary copy") }
        defer { close(output) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count == 0 { return path }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                unlink(path)
                throw failure(name, code)
            }
            let written = chunk.withUnsafeBytes { writeAll(output, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if let code = written {
                unlink(path)
                throw failure(name, code, "cannot make a temporary copy")
            }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return n < 0 ? errno : EIO
            }
        }
        return nil
    }

    private static func failure(_ name: String, _ code: Int32, _ what: String = "cannot read") -> TraceReadError {
        TraceReadError(
            kind: .unreadable, file: name, line: 0, column: 0, message: "\(what): \(String(cString: strerror(code)))")
    }
}
