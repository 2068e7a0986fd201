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

    /// Where temporary files go: `TMPDIR`, else `/tmp`.
    static var temporaryDirectory: String {
        guard let directory = value("TMPDIR"), !directory.isEmpty else { return "/tmp" }
        return directory
    }
}
