/// The groups command-line PATHs stand for: a directory read as one group (`check --group DIR`) is every `*.jsonl`
/// below it, in path order, named by the directory's path as given (without a trailing `/`).
enum GroupFinder {
    /// A run's traces and its groups, each group by its path with its members' paths.
    struct Found {
        var traces: [TraceFinder.Found<String>]
        var groups: [(path: String, files: [String])] = []
    }

    /// `--group`: each directory one group, anything else a trace.
    static func groups(in paths: [String]) -> Found {
        var found = Found(traces: [])
        var seen = Set<String>()
        for path in paths {
            let bytes = CommandLineArguments.pathBytes(path)
            guard path != "-", TraceFinder.isDirectory(bytes) else {
                if seen.insert(path).inserted { found.traces.append(.trace(path)) }
                continue
            }
            let below = TraceFinder.below(bytes)
            if let unreadable = below.first(where: { if case .unreadableDirectory = $0 { true } else { false } }) {
                let error = unreadable.map { TraceFinder.path($0, in: bytes) }
                if seen.insert(error.path).inserted { found.traces.append(error) }
                continue
            }
            let name = name(of: path)
            guard seen.insert(name).inserted else { continue }
            let files = below.map { TraceFinder.path($0.path, in: bytes) }
            found.groups.append((name, TraceFinder.sorted(files) { $0 }))
        }
        return found
    }

    /// Every directory the paths stand for that holds a trace, or has one below it: a directory given, and those below
    /// it; each with the traces below it, in path order.
    static func directories(in paths: [String]) -> [(path: String, files: [String])] {
        var found: [String: [String]] = [:]
        for path in paths {
            let bytes = CommandLineArguments.pathBytes(path)
            guard path != "-", TraceFinder.isDirectory(bytes) else { continue }
            for case .trace(let relative) in TraceFinder.below(bytes) {
                let file = TraceFinder.path(relative, in: bytes)
                var directory = relative
                found[name(of: path), default: []].append(file)
                while let slash = directory.lastIndex(of: UInt8(ascii: "/")) {
                    directory = Array(directory[..<slash])
                    found[TraceFinder.path(directory, in: bytes), default: []].append(file)
                }
            }
        }
        return TraceFinder.sorted(found.map { ($0.key, TraceFinder.sorted($0.value) { $0 }) }) { $0.0 }
    }

    /// A directory's path as a group's name: as given, without a trailing `/` (`/` itself stays).
    static func name(of path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        return String(name)
    }
}
