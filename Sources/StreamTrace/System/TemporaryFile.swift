#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A scratch file that nothing outlives: `check`'s spool of long values and the command's copy of a stream.
package enum TemporaryFile {
    /// A new file in `directory` (its path's bytes), open for reading and writing and with no name: made so where
    /// Linux can (`O_TMPFILE`, Linux 3.11 on, on file systems that have it), so that no moment exists in which a signal
    /// could leave it behind; else made as `directory/prefix-XXXXXX` and unlinked at once. -1, with `errno`, if it
    /// cannot be made.
    package static func open(in directory: [UInt8], prefix: String) -> Int32 {
        #if canImport(Glibc)
        // glibc's O_TMPFILE is a macro Swift does not import: __O_TMPFILE (the same on every Linux Swift runs on)
        // and O_DIRECTORY.
        let unnamed: Int32 = 0o20_000_000 | O_DIRECTORY
        let path = (directory + [0]).map { CChar(bitPattern: $0) }
        let nameless = path.withUnsafeBufferPointer { Glibc.open($0.baseAddress!, unnamed | O_RDWR, 0o600) }
        if nameless >= 0 { return nameless }
        #endif
        var template = (directory + Array("/\(prefix)-XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        return fd
    }
}
