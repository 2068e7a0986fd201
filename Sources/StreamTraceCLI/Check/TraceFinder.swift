import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The traces command-line PATHs stand for: a file or `-` for itself, a directory for every `*.jsonl` file below it
/// (links to directories not followed), named by the path given joined with the path found.
enum TraceFinder {
    enum Found: Equatable {
        case trace(String)
        case unreadableDirectory(String, code: Int32)

        /// The path, as output names it.
        var path: String {
            switch self {
            case .trace(let path), .unreadableDirectory(let path, _): path
            }
        }
    }

    /// Every trace the paths stand for, each once, sorted by path.
    static func traces(in paths: [String]) -> [Found] {
        var found: [Found] = []
        for path in paths {
            let bytes = CommandLineArguments.pathBytes(path)
            guard path != "-", isDirectory(bytes) else {
                found.append(.trace(path))
                continue
            }
            found += below(bytes).map { entry in
                switch entry {
                case .trace(let relative): .trace(Self.path(relative, in: bytes))
                case .unreadableDirectory(let relative, let code):
                    .unreadableDirectory(Self.path(relative, in: bytes), code: code)
                }
            }
        }
        var seen = Set<String>()
        return sorted(found.filter { seen.insert($0.path).inserted }) { $0.path }
    }

    /// What a walk finds: paths relative to the directory walked, as bytes.
    enum Relative {
        case trace([UInt8])
        /// A directory that could not be read (empty: the one walked).
        case unreadableDirectory([UInt8], code: Int32)
    }

    /// The `*.jsonl` files below `directory`, relative to it.
    static func below(_ directory: [UInt8]) -> [Relative] {
        var found: [Relative] = []
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

    /// The type of the file `path` names (`S_IFREG`, `S_IFIFO`, …), from `stat(2)`, which opens nothing (opening a FIFO
    /// waits for a writer); `nil` if it cannot be asked.
    static func fileType(_ path: [UInt8]) -> mode_t? {
        var info = stat()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
        }
        return status == 0 ? info.st_mode & S_IFMT : nil
    }

    private static func walk(_ root: [UInt8], relative: [UInt8], into found: inout [Relative]) {
        let directory = relative.isEmpty ? root : root + [UInt8(ascii: "/")] + relative
        let stream = (directory + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
        }
        guard let stream else {
            found.append(.unreadableDirectory(relative, code: errno))
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name != [UInt8(ascii: ".")], name != Array("..".utf8) else { continue }
            let path = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            let isTrace = name.count > 6 && name.suffix(6).elementsEqual(".jsonl".utf8)
            let type =
                entry.pointee.d_type == UInt8(DT_UNKNOWN)
                ? kind(directory + [UInt8(ascii: "/")] + name) : Int32(entry.pointee.d_type)
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

    /// The `DT_` kind of what `path` names (not following a link), for a file system whose entries do not say.
    private static func kind(_ path: [UInt8]) -> Int32 {
        var info = stat()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) }
        }
        guard status == 0 else { return Int32(DT_UNKNOWN) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return Int32(DT_DIR)
        case S_IFREG: return Int32(DT_REG)
        case S_IFLNK: return Int32(DT_LNK)
        default: return Int32(DT_UNKNOWN)
        }
    }
}
