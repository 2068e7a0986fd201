#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writing bytes to a file descriptor, whole.
package enum FileDescriptorWrite {
    /// Writes all of `bytes` to `fd` despite partial and interrupted writes; a failed write's `errno`, else `nil`.
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
