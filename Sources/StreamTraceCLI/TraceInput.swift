import StreamTrace

/// A trace named on the command line (`-`: standard input), opened by the bytes the process was given, for one pass or
/// several. For several, a regular file is read again from its start, and a stream (standard input, a FIFO,
/// `/dev/stdin`, a process substitution) is copied to a temporary file as the first pass reads it (``InputCopy``).
final class TraceInput {
    /// The trace as messages name it: its path, or `<stdin>` for `-`.
    let name: String
    private let argument: String
    /// A regular file opened for several passes.
    private var descriptor: Int32?
    /// A stream opened for several passes.
    private var copy: InputCopy?
    /// Whether the trace is a stream copied as the first pass reads it: that pass reads it with ``reader()``, as it
    /// comes, and stops at the first malformed line (the stream may never end).
    var isStream: Bool { copy != nil }
    private var readers = 0

    /// Opens `argument` (a path, or `-`) to be read `passes` times.
    init(_ argument: String, passes: Int = 1) throws(TraceReadError) {
        self.argument = argument
        name = Self.name(of: argument)
        guard passes > 1 || argument == "-" || CommandLineArguments.bytes(of: argument) != nil else { return }
        let fd = argument == "-" ? Self.duplicateStandardInput() : CommandLineArguments.open(argument, O_RDONLY)
        guard fd >= 0 else { throw TraceFile.openFailure(name, errno) }
        var info = stat()
        let mode = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        guard mode != 0, mode != S_IFDIR else {
            let code = mode == 0 ? errno : EISDIR
            close(fd)
            throw TraceFile.readFailure(name, code)
        }
        if passes > 1, mode != S_IFREG {
            copy = try InputCopy(of: fd, name: name)
        } else {
            descriptor = fd
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// A reader from the start of the trace.
    func reader() throws(TraceReadError) -> TraceReader {
        // The first pass reads a stream (and copies it); later ones, the copy.
        if let copy, readers == 0 {
            readers += 1
            return try TraceReader(reading: { copy.read(into: $0, count: $1) }, name: name)
        }
        return try TraceReader(closingFileDescriptor: openDescriptor(), name: name)
    }

    /// A descriptor of its own, at the trace's start, for the caller to read and close.
    func openDescriptor() throws(TraceReadError) -> Int32 {
        defer { readers += 1 }
        if let copy {
            try copy.finish()
            return try copy.open()
        }
        if let descriptor {
            // A descriptor of its own, at the start: the reader may outlive this input.
            if readers > 0, lseek(descriptor, 0, SEEK_SET) != 0 { throw TraceFile.readFailure(name, errno) }
            let own = dup(descriptor)
            guard own >= 0 else { throw TraceFile.readFailure(name, errno) }
            return own
        }
        guard argument == "-" else { return try TraceFile.open(argument) }
        let fd = Self.duplicateStandardInput()
        guard fd >= 0 else { throw TraceFile.openFailure(name, errno) }
        return fd
    }

    /// A descriptor of standard input of its own, or -1 with `errno` set (`EBADF` if it was closed at the start).
    static func duplicateStandardInput() -> Int32 {
        guard !standardInputWasClosed else {
            errno = EBADF
            return -1
        }
        return dup(0)
    }

    /// Whether standard input was closed when the command started (`<&-`). Descriptor 0 is then held by `/dev/null`: a
    /// file opened later would otherwise take it and be read as `-` (or `-` read as an empty trace); `-` is named as
    /// closed instead, by every command alike. Read first, before anything is opened.
    static let standardInputWasClosed: Bool = {
        guard fcntl(0, F_GETFD) == -1, errno == EBADF else { return false }
        let held = open("/dev/null", O_RDONLY)
        if held > 0 { close(held) }  // 0 was taken meanwhile: nothing to hold
        return true
    }()

    /// Whether `argument` names a regular file (not `-`, a FIFO, a directory or nothing), by its given bytes.
    static func isRegularFile(_ argument: String) -> Bool {
        argument != "-" && TraceFinder.fileType(CommandLineArguments.pathBytes(argument)) == S_IFREG
    }

    static func name(of argument: String) -> String {
        argument == "-" ? "<stdin>" : argument
    }
}
