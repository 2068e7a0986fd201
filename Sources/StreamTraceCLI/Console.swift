import Foundation

/// Standard output and error, and what the terminal can do.
enum Console {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    /// Writes a line to standard output (buffered).
    static func out(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a line of bytes to standard output (buffered).
    static func out(bytes: [UInt8]) {
        if buffer.count + bytes.count > 1 << 16 { flush() }
        if bytes.count > 1 << 16 {
            bytes.withUnsafeBytes { writeAll(1, $0) }
        } else {
            buffer.append(contentsOf: bytes)
        }
        buffer.append(0x0A)
    }

    /// Writes a line to standard error (unbuffered).
    static func error(_ line: String) {
        flush()
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { writeAll(2, $0) }
    }

    static func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeAll(1, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return  // a closed pipe: nothing more can be written
            }
        }
    }

    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(1) != 0 }

    /// The terminal's width, or `COLUMNS`, or 80.
    static var width: Int {
        var size = winsize()
        if isTerminal, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        return 80
    }
}

/// Colour for PASS and FAIL: only on a terminal by default, never with
/// `NO_COLOR` set (unless forced with `--color always`).
struct Palette {
    let enabled: Bool

    init(mode: String) {
        switch mode {
        case "always": enabled = true
        case "never": enabled = false
        default:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            enabled = Console.isTerminal && !noColor
        }
    }

    func green(_ text: String) -> String { enabled ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { enabled ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
