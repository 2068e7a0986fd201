#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `--jobs N`: how many traces are read at once.
enum Jobs {
    /// The number of cores online: the default.
    static var cores: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// The value of `--jobs`, or the default when it is not given.
    static func parse(_ text: String?, command: String) throws(CLIError) -> Int {
        guard let text else { return cores }
        guard let value = Int(text), value >= 1, value <= 1024 else {
            throw .usage("--jobs must be a whole number from 1 to 1024; got '\(text)'", command: command)
        }
        return value
    }
}
