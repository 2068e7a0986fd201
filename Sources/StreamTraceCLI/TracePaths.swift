import Foundation
import StreamTrace

/// The traces that `show` and `export` arguments name: a file, `-`, or a
/// directory, which stands for every `*.jsonl` file below it (recursively,
/// sorted by path; symbolic links to directories are not followed).
enum TracePaths {
    /// The paths, in order: each argument's own, a directory's found in it.
    static func expand(_ arguments: [String]) throws(TraceReadError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            var bytes = CommandLineArguments.pathBytes(argument)
            guard argument != "-", isDirectory(bytes, following: true) else {
                paths.append(argument)
                continue
            }
            while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            var found: [[UInt8]] = []
            collect(in: bytes, into: &found)
            guard !found.isEmpty else {
                throw TraceReadError(
                    kind: .unreadable, file: argument, line: 0, column: 0,
                    message: "cannot read: no trace (*.jsonl) in this directory")
            }
            paths += found.sorted { $0.lexicographicallyPrecedes($1) }.map(CommandLineArguments.path)
        }
        return paths
    }

    /// Adds the `*.jsonl` files below `directory` to `found`.
    private static func collect(in directory: [UInt8], into found: inout [[UInt8]]) {
        guard let stream = withPath(directory, { opendir($0) }) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            let path = directory + [UInt8(ascii: "/")] + name
            if isDirectory(path, following: false) {
                collect(in: path, into: &found)
            } else if name.count > 6, name.suffix(6).elementsEqual(".jsonl".utf8), !isDirectory(path, following: true) {
                found.append(path)
            }
        }
    }

    private static func isDirectory(_ path: [UInt8], following: Bool) -> Bool {
        var info = stat()
        let status = withPath(path) { following ? stat($0, &info) : lstat($0, &info) }
        return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func withPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
