#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library's `read`, `open` and `close`, under names that types with same-named methods can call, a write of a
/// whole buffer, and `dlsym`.
package enum SystemCall {
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        cRead(fd, buffer, count)
    }

    /// Writes all of `bytes` to `fd` despite partial and interrupted writes; a failed write's `errno`, else `nil`.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
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

    package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        cOpen(path, flags)
    }

    @discardableResult
    package static func close(_ fd: Int32) -> Int32 {
        cClose(fd)
    }

    /// `dlsym`: the address of `name` among the symbols the process has loaded, or `nil` where it cannot be found.
    package static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(process, name)
        #else
        return nil
        #endif
    }
}

// At file scope no method hides the C functions: whichever of Darwin, Glibc and Musl was imported answers.
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func cOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
