import StreamTrace

/// The traces command-line PATHs stand for: a file or `-` for itself, a directory for every `*.jsonl` file below it
/// (links to directories not followed), named by the path given joined with the path found.
enum TraceFinder {
    /// A trace, or a directory that could not be read; by the path output names it by, or, as a walk finds it, by its
    /// path's bytes relative to the directory walked (the directory itself, unreadable: empty).
    enum Found<Path: Equatable>: Equatable {
        case trace(Path)
        case unreadableDirectory(Path, code: Int32)

        var path: Path {
            switch self {
            case .trace(let path), .unreadableDirectory(let path, _): path
            }
        }

        func map<Other: Equatable>(_ transform: (Path) -> Other) -> Found<Other> {
            switch self {
            case .trace(let path): .trace(transform(path))
            case .unreadableDirectory(let path, let code): .unreadableDirectory(transform(path), code: code)
            }
        }
    }

    /// Every trace the paths stand for, each once, sorted by path.
    static func traces(in paths: [String]) -> [Found<String>] {
        var found: [Found<String>] = []
        for path in paths {
            let bytes = CommandLineArguments.pathBytes(path)
            guard path != "-", isDirectory(bytes) else {
                found.append(.trace(path))
                continue
            }
            found += below(bytes).map { $0.map { Self.path($0, in: bytes) } }
        }
        var seen = Set<String>()
        return sorted(found.filter { seen.insert($0.path).inserted }) { $0.path }
    }

    /// The `*.jsonl` files below `directory`, relative to it.
    static func below(_ directory: [UInt8]) -> [Found<[UInt8]>] {
        var found: [Found<[UInt8]>] = []
        walk(directory, relative: [], into: &found)
        return found
    }

    /// The path a walk of `directory` found at `relative`, joined to the directory as given (empty: the directory).
    static func path(_ relative: [UInt8], in directory: [UInt8]) -> String {
        guard !relative.isEmpty else { return CommandLineArguments.path(bytes: directory) }
        let prefix = directory.last == UInt8(ascii: "/") ? directory : directory + [UInt8(ascii: "/")]
        return CommandLineArguments.path(bytes: prefix + relative)
    }

    /// `items` sorted by their paths' bytes: the same order everywhere.
    static func sorted<T>(_ items: [T], by path: (T) -> String) -> [T] {
        items.sorted { path($0).utf8.lexicographicallyPrecedes(path($1).utf8) }
    }

    /// `DIR: cannot read directory: permission denied`, as a trace's error.
    static func directoryError(_ path: String, code: Int32) -> TraceReadError {
        let reason = code == EACCES ? "permission denied" : String(cString: strerror(code))
        return TraceReadError(
            kind: .unreadable, file: path, line: 0, column: 0, message: "cannot read directory: \(reason)")
    }

    /// Whether `path` is a directory (following a link).
    static func isDirectory(_ path: [UInt8]) -> Bool {
        fileType(path) == S_IFDIR
    }

    /// The type of the file `path` names (`S_IFREG`, `S_IFIFO`, …), from `stat(2)` (or, not `following` a link,
    /// `lstat(2)`), which opens nothing (opening a FIFO waits for a writer); `nil` if it cannot be asked.
    static func fileType(_ path: [UInt8], following: Bool = true) -> mode_t? {
        var info = stat()
        let status = CommandLineArguments.withPath(bytes: path) { following ? stat($0, &info) : lstat($0, &info) }
        return status == 0 ? info.st_mode & S_IFMT : nil
    }

    private static func walk(_ root: [UInt8], relative: [UInt8], into found: inout [Found<[UInt8]>]) {
        let directory = relative.isEmpty ? root : root + [UInt8(ascii: "/")] + relative
        guard let stream = CommandLineArguments.withPath(bytes: directory, opendir) else {
            found.append(.unreadableDirectory(relative, code: errno))
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name != [UInt8(ascii: ".")], name != Array("..".utf8) else { continue }
            let path = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            let isTrace = name.count > 6 && name.suffix(6).elementsEqual(".jsonl".utf8)
            // A file system whose entries do not say: `lstat(2)`, its `S_IF` type shifted as `IFTODT` shifts it.
            let type =
                entry.pointee.d_type == UInt8(DT_UNKNOWN)
                ? Int32(fileType(directory + [UInt8(ascii: "/")] + name, following: false).map { $0 >> 12 } ?? 0)
                : Int32(entry.pointee.d_type)
            switch type {
            case Int32(DT_DIR): walk(root, relative: path, into: &found)
            case Int32(DT_REG) where isTrace: found.append(.trace(path))
            case Int32(DT_LNK) where isTrace:
                // A link to a file is a trace; a link to a directory is not followed.
                if !isDirectory(directory + [UInt8(ascii: "/")] + name) { found.append(.trace(path)) }
            default: continue
            }
        }
    }
}
