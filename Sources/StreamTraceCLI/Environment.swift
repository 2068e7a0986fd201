#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's environment variables.
enum Environment {
    /// The value of `name`, or `nil` when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The value of `name` as a path: its bytes kept when they are not
    /// UTF-8 (see ``CommandLineArguments/path(bytes:)``), or `nil` when it
    /// is not set or empty.
    static func path(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return CommandLineArguments.path(
            bytes: Array(UnsafeBufferPointer(start: value, count: strlen(value))).map { UInt8(bitPattern: $0) })
    }

    /// Where temporary files go: `TMPDIR`, else `/tmp`.
    static var temporaryDirectory: String {
        path("TMPDIR") ?? "/tmp"
    }
}
