#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library's `read`, `write`, `open` and `close`, by a name that types with
/// methods of the same names can call (`Foundation.read` was that name
/// while the library imported Foundation).
package enum SystemCall {
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        cRead(fd, buffer, count)
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        cWrite(fd, buffer, count)
    }

    package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        cOpen(path, flags)
    }

    @discardableResult
    package static func close(_ fd: Int32) -> Int32 {
        cClose(fd)
    }
}

// At file scope no method of the same name hides the C library's: whichever
// of Darwin, Glibc and Musl was imported answers.
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func cOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
