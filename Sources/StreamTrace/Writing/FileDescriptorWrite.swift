#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writing bytes to a file descriptor, whole: the one loop the file sink,
/// the command's output and its temporary copies share.
package enum FileDescriptorWrite {
    /// Writes all of `bytes` to `fd`, going on after partial and
    /// interrupted writes; the `errno` of a write that failed, else `nil`.
    package static func all(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = SystemCall.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
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
}
