import StreamTrace

/// The traces that `show` and `export` arguments name, in argument order:
/// a file or `-` for itself, a directory for the `*.jsonl` files
/// ``TraceFinder`` finds below it, sorted by path. Unlike `check`, which
/// reports what it cannot read among the rest, these commands draw one
/// picture: a directory that holds no trace, or one that cannot be read,
/// is an error.
enum TracePaths {
    /// The paths, in order: each argument's own, a directory's found in it.
    static func expand(_ arguments: [String]) throws(TraceReadError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            let found = TraceFinder.traces(in: [argument])
            if found == [.trace(argument)] {
                paths.append(argument)
                continue
            }
            guard !found.isEmpty else {
                throw TraceReadError(
                    kind: .unreadable, file: argument, line: 0, column: 0,
                    message: "cannot read: no trace (*.jsonl) in this directory")
            }
            for entry in found {
                switch entry {
                case .trace(let path): paths.append(path)
                case .unreadableDirectory(let path, let code): throw TraceFinder.directoryError(path, code: code)
                }
            }
        }
        return paths
    }
}
