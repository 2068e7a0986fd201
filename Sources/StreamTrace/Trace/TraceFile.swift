#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opening a trace by its path, and the messages for what goes wrong.
package enum TraceFile {
    /// A descriptor reading `path` (not a directory), for the caller to close; errors name the trace `name ?? path`.
    package static func open(_ path: String, name: String? = nil) throws(TraceReadError) -> Int32 {
        let fd = SystemCall.open(path, O_RDONLY)
        guard fd >= 0 else { throw openFailure(name ?? path, errno) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw readFailure(name ?? path, EISDIR)
        }
        return fd
    }

    /// `cannot open: no such file`, or the system's words for `code`.
    package static func openFailure(_ name: String, _ code: Int32) -> TraceReadError {
        let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
        return TraceReadError(kind: .unreadable, file: name, line: 0, column: 0, message: "cannot open: \(reason)")
    }

    /// `cannot read: is a directory`, or `what` and the system's words for `code`.
    package static func readFailure(_ name: String, _ code: Int32, _ what: String = "cannot read") -> TraceReadError {
        let reason = code == EISDIR ? "is a directory" : String(cString: strerror(code))
        return TraceReadError(kind: .unreadable, file: name, line: 0, column: 0, message: "\(what): \(reason)")
    }
}
