import StreamTrace

/// What `check --spec FILE` asks: its queries in file order, each in its section (or before any), and the sections.
struct CheckSpec: Sendable {
    /// A `[GLOB]` line, or `[group GLOB]`: its queries for each directory GLOB matches, read as one group.
    struct Section: Sendable {
        var glob: Glob
        var line: Int
        var isGroup = false
    }

    /// The spec file's path, as given.
    var file: String
    var entries: [PlannedQuery] = []
    var sections: [Section] = []
}
