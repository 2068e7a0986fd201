import StreamTrace

/// Standard output and error, every line made safe for a terminal: trace text is escaped by the library's one sanitizer
/// (`TerminalText`), so a value cannot move the cursor, change colours or forge a result line (colour is added after
/// escaping). A failed write to standard output (a full disk; a closed pipe when SIGPIPE is ignored) throws
/// ``OutputError`` (exit status 3); with SIGPIPE at its default, a closed pipe ends the process silently.
enum Console {
    struct Segment: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
        var text: String
        var colour: Palette.Colour?

        init(_ text: String, colour: Palette.Colour? = nil) {
            self.text = text
            self.colour = colour
        }

        init(stringLiteral value: String) { self.init(value) }
    }

    nonisolated(unsafe) private static var buffer: [UInt8] = []
    /// Colours for ``Segment``s that ask for one; off until a command turns it on.
    nonisolated(unsafe) static var palette = Palette(mode: "never")
    private static let bufferLimit = 1 << 16

    /// Writes lines to standard output (buffered), each escaped: the renderers build multi-line text with trace text
    /// already escaped, and nothing else in a line may reach the terminal raw.
    static func out(_ text: String) throws(OutputError) {
        if TerminalText.isPrintableASCII(text) { return try out(bytes: text.utf8) }  // nothing to escape or split
        var lines = JSONOutput()
        append(line: text, to: &lines)
        try write(bytes: lines.bytes)
    }

    /// Appends what ``out(_:)`` writes of `text` to `output`.
    static func append(line text: String, to output: inout JSONOutput) {
        if TerminalText.isPrintableASCII(text) {
            output.append(raw: text.utf8)
            output.append("\n")
            return
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            output.append(raw: TerminalText.escaped(line).utf8)
            output.append("\n")
        }
    }

    /// Writes a line of segments, each escaped and coloured as the palette says, and each on its own rather than joined
    /// into one copy of the line: a segment can be a value of many megabytes.
    static func out(_ segments: Segment..., ending: Bool = true) throws(OutputError) {
        for segment in segments {
            try write(bytes: palette.paint(TerminalText.escaped(segment.text), segment.colour).utf8)
        }
        if ending { try write(bytes: CollectionOfOne(0x0A)) }
    }

    /// Writes bytes the caller made safe, without a line end. Bytes longer than the buffer go out from where they are,
    /// not copied into it (which would keep that much capacity to the end).
    static func write(bytes: some Collection<UInt8>) throws(OutputError) {
        if buffer.count + bytes.count > bufferLimit { try flush() }
        if bytes.count >= bufferLimit {
            let failure = bytes.withContiguousStorageIfAvailable {
                SystemCall.writeAll(UnsafeRawBufferPointer($0), to: 1)
            }
            if let written = failure {
                if let code = written { throw OutputError(code: code) }
                return
            }
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Writes a JSON document written so far, and empties it, once it is over 64 KB: a long one goes out as written.
    static func writeIfLarge(_ document: inout JSONOutput) throws(OutputError) {
        guard document.bytes.count > 1 << 16 else { return }
        try write(bytes: document.bytes)
        document.removeAll()
    }

    /// Hands `body` a value a result holds by its place, a piece at a time (``ValuePlace/forEachPiece(size:_:)``); a
    /// temporary file that cannot be read fails the output.
    static func forEachPiece(
        of place: ValuePlace, _ body: (UnsafeRawBufferPointer) throws(OutputError) -> Void
    ) throws(OutputError) {
        guard try place.forEachPiece(body) else {
            throw OutputError(code: EIO, file: "a value over 64 KiB (its temporary file could not be read)")
        }
    }

    /// Writes a line of bytes the caller made safe (JSON from the library's JSON output, which escapes for a terminal).
    static func out(bytes: some Collection<UInt8>) throws(OutputError) {
        try write(bytes: bytes)
        try write(bytes: CollectionOfOne(0x0A))
    }

    static func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { SystemCall.writeAll($0, to: 1) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw OutputError(code: failure) }
    }

    /// Writes a line to standard error (unbuffered), escaped. Standard output is flushed first, so the two interleave
    /// as written; an error writing either here is not reported (there is nowhere to report it).
    static func error(_ line: String) {
        try? flush()
        let bytes = Array((TerminalText.escaped(line) + "\n").utf8)
        _ = bytes.withUnsafeBytes { SystemCall.writeAll($0, to: 2) }
    }

    static var isTerminal: Bool { isatty(1) != 0 }

    static var width: Int {
        var size = winsize()
        if isTerminal, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = Environment.value("COLUMNS").flatMap(Int.init), columns > 0 {
            return columns
        }
        return 80
    }
}

/// Standard output, or a report file, could not be written.
struct OutputError: Error, Equatable, CustomStringConvertible {
    /// The `errno` of the failed write.
    var code: Int32
    /// The report file's path; `nil` for standard output.
    var file: String?

    var description: String {
        "cannot write \(file ?? "to standard output"): \(String(cString: strerror(code)))"
    }
}

/// Colour for PASS and FAIL: `--color always` or `never`, or with `auto` (the default) on if `CLICOLOR_FORCE` is set
/// but not `0`, then off if `NO_COLOR` is set (not empty) or `TERM=dumb`, else on for a terminal, off for a pipe.
struct Palette {
    enum Colour: String {
        case green = "32"
        case red = "31"
        case dim = "2"
    }

    let enabled: Bool

    init(mode: String) {
        enabled = mode != "never" && (mode == "always" || Self.automatic)
    }

    private static var automatic: Bool {
        if let force = Environment.value("CLICOLOR_FORCE"), force != "0" { return true }
        if let noColor = Environment.value("NO_COLOR"), !noColor.isEmpty { return false }
        if Environment.value("TERM") == "dumb" { return false }
        return Console.isTerminal
    }

    func paint(_ text: String, _ colour: Colour?) -> String {
        guard enabled, let colour else { return text }
        return "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
    }
}
