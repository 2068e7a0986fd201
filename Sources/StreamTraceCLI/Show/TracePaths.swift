import StreamTrace

/// The traces that `show` and `export` arguments name, in argument order: a file or `-` for itself, a directory for the
/// `*.jsonl` files ``TraceFinder`` finds below it, sorted by path. Unlike `check`, which reports what it cannot read
/// among the rest, these commands draw one picture: a directory that holds no trace, or cannot be read, is an error.
enum TracePaths {
    /// A trace to read, and the folder it was found in: `nil` for a path named itself, else the file's directory.
    struct Entry: Equatable {
        var path: String
        var folder: String?
    }

    /// Checks that `parsed` names at least one trace, and standard input at most once.
    static func requireArguments(_ parsed: ArgumentScanner.Parsed) throws(CLIError) {
        guard !parsed.positionals.isEmpty else {
            throw .usage(
                "missing PATH: a trace, a directory of traces, or - for standard input", command: parsed.command)
        }
        guard parsed.positionals.count(where: { $0 == "-" }) <= 1 else {
            throw .usage("standard input (-) can be read only once", command: parsed.command)
        }
    }

    /// The traces, in order, each with its folder.
    static func entries(_ arguments: [String]) throws(TraceReadError) -> [Entry] {
        var entries: [Entry] = []
        for argument in arguments {
            let found = TraceFinder.traces(in: [argument])
            if found == [.trace(argument)] {
                entries.append(Entry(path: argument, folder: nil))
                continue
            }
            guard !found.isEmpty else {
                throw TraceReadError(
                    kind: .unreadable, file: argument, line: 0, column: 0,
                    message: "cannot read: no trace (*.jsonl) in this directory")
            }
            for entry in found {
                switch entry {
                case .trace(let path): entries.append(Entry(path: path, folder: directory(of: path)))
                case .unreadableDirectory(let path, let code): throw TraceFinder.directoryError(path, code: code)
                }
            }
        }
        return entries
    }

    /// The directory part of a path found below a directory (`traces/login` for `traces/login/ok.jsonl`).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }
}
