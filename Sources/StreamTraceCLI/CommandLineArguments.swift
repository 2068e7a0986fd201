import StreamTrace

/// The command line's arguments as the process received them. One that is not UTF-8 (a file name in another encoding)
/// is shown with its odd bytes as `\xNN`, its bytes kept to open that file, not a look-alike with U+FFFD in its name.
enum CommandLineArguments {
    /// The bytes of each argument that is not UTF-8, by its shown form.
    nonisolated(unsafe) private static var rawBytes: [String: [UInt8]] = [:]

    /// Every argument after the program's name.
    static func read() -> [String] {
        (1..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0].map { path(cString: $0) } ?? "" }
    }

    /// A C string's bytes (an argument's, an environment variable's) as ``path(bytes:)`` takes them.
    static func path(cString: UnsafePointer<CChar>) -> String {
        path(bytes: Array(UnsafeBufferPointer(start: cString, count: strlen(cString))).map { UInt8(bitPattern: $0) })
    }

    /// A path given as bytes (an argument, or a file found in a directory) as the commands take it: its text, or if not
    /// UTF-8 its shown form, whose bytes are kept for ``open(_:_:mode:)``. Call it before other threads read arguments.
    static func path(bytes: [UInt8]) -> String {
        if let text = String(utf8: bytes) { return text }
        let shown = shownForm(bytes)
        rawBytes[shown] = bytes
        return shown
    }

    static func pathBytes(_ argument: String) -> [UInt8] {
        bytes(of: argument) ?? Array(argument.utf8)
    }

    /// The bytes of `argument` if it was not UTF-8 text, else `nil`.
    static func bytes(of argument: String) -> [UInt8]? {
        rawBytes[argument]
    }

    /// The value of `--name=VALUE` in `argument`: the bytes after the first `=`, kept as ``path(bytes:)`` keeps them.
    static func value(of argument: String, afterEquals equals: String.Index) -> String {
        let value = String(argument[argument.index(after: equals)...])
        guard let bytes = bytes(of: argument) else { return value }
        let prefix = argument.utf8.distance(from: argument.startIndex, to: equals) + 1
        return path(bytes: Array(bytes.dropFirst(prefix)))
    }

    /// Opens (or, with `O_CREAT`, creates with `mode`) the file a path names, by its bytes: like `open(2)`.
    static func open(_ argument: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        withPath(bytes: pathBytes(argument)) { openFile($0, flags, mode) }
    }

    static func withPath<Result>(bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The bytes as text: valid UTF-8 as it is, each other byte as `\xNN`.
    private static func shownForm(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            var end = min(index + 4, bytes.count)
            while end > index, String(utf8: bytes[index..<end]) == nil { end -= 1 }
            if end > index, let valid = String(utf8: bytes[index..<end]) {
                text += valid
                index = end
            } else {
                text += (bytes[index] < 0x10 ? "\\x0" : "\\x") + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return text
    }
}

// The C library's call, by a name the members above do not hide.
private func openFile(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

extension String {
    /// `bytes` as text if they are valid UTF-8, else `nil` (`String(validating:as:)` needs macOS 15 / iOS 18). Decoding
    /// repairs each invalid sequence with U+FFFD, so the bytes were valid exactly when it gives them back unchanged.
    init?(utf8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
