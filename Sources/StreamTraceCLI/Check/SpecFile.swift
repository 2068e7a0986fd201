import StreamTrace

/// A file of queries: one per line, `#` starts a comment (outside JSON strings), blank lines are skipped, and a line
/// `[GLOB]` starts a section whose queries apply to the traces GLOB matches, `[group GLOB]` one whose queries apply to
/// each directory GLOB matches, read as one group (``CheckSpec``). A byte-order mark and
/// `\r\n` line ends are allowed; the file is read once, as a stream, so it may be a FIFO.
enum SpecFile {
    static func read(at path: String) throws(CLIError) -> CheckSpec {
        var spec = CheckSpec(file: path)
        for (number, line) in try lines(at: path) {
            let text = withoutComment(line)
            let trimmed = text.trimmingSpacesAndTabs
            guard !trimmed.isEmpty else { continue }
            if trimmed.unicodeScalars.first == "[", trimmed.unicodeScalars.last == "]" {
                var pattern = String(trimmed.unicodeScalars.dropFirst().dropLast())
                let isGroup = pattern.hasPrefix("group ")
                if isGroup { pattern = String(pattern.dropFirst(6)).trimmingSpacesAndTabs }
                guard !pattern.isEmpty else {
                    let (empty, example) =
                        isGroup ? ("[group ]", "[group GLOB], like [group checkout]") : ("[]", "[GLOB], like [*.jsonl]")
                    throw .usage(
                        "\(path):\(number): an empty section \(empty); write \(example)", command: "check")
                }
                spec.sections.append(.init(glob: Glob(pattern), line: number, isGroup: isGroup))
                continue
            }
            let leading = String(text.unicodeScalars.prefix { $0 == " " || $0 == "\t" }).count
            do {
                let query = try Query(trimmed)
                spec.entries.append(.init(query: query, specLine: number, section: spec.sections.indices.last))
            } catch {
                var shifted = error
                shifted.column += leading
                shifted.query = text
                throw CLIError.query(shifted, file: path, line: number)
            }
        }
        return spec
    }

    /// The file's lines, numbered from 1, without their line ends or a byte-order mark.
    static func lines(at path: String) throws(CLIError) -> [(number: Int, text: String)] {
        let bytes = try read(path)
        var lines: [(Int, String)] = []
        let text = bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        for (index, line) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard let text = String(utf8: line.last == 0x0D ? line.dropLast() : line) else {
                throw .usage("spec file \(path), line \(index + 1): not UTF-8 text", command: "check")
            }
            lines.append((index + 1, text))
        }
        return lines
    }

    /// Reads the whole file, whatever kind of file it is.
    private static func read(_ path: String) throws(CLIError) -> [UInt8] {
        let fd = CommandLineArguments.open(path, O_RDONLY)
        guard fd >= 0 else { throw cannotRead(path, errno) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { throw cannotRead(path, EISDIR) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress!, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw cannotRead(path, errno)
            }
            bytes += chunk[..<count]
        }
    }

    /// `cannot read spec file F: no such file` (permission denied, is a directory, or the system's words for the rest).
    private static func cannotRead(_ path: String, _ code: Int32) -> CLIError {
        let reason =
            [ENOENT: "no such file", EACCES: "permission denied", EISDIR: "is a directory"][code]
            ?? String(cString: strerror(code))
        return .usage("cannot read spec file \(path): \(reason)", command: "check")
    }

    /// The line up to a `#` that is not inside a JSON string, read as Unicode scalars: a quote or a `#` is itself
    /// whatever mark follows it (a string may start with U+0301).
    static func withoutComment(_ line: String) -> String {
        var inString = false
        var escaped = false
        let scalars = line.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "#" {
                return String(scalars[..<index])
            }
        }
        return line
    }
}

extension String {
    /// The text without the spaces and tabs (any space separator) at its start and end, read as Unicode scalars.
    fileprivate var trimmingSpacesAndTabs: String {
        let isSpace: (Unicode.Scalar) -> Bool = {
            $0.properties.isWhitespace && !"\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0)
        }
        guard let first = unicodeScalars.firstIndex(where: { !isSpace($0) }),
            let last = unicodeScalars.lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(unicodeScalars[first...last])
    }
}
