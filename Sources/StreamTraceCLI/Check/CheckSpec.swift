import StreamTrace

/// What `check --spec FILE` asks: its queries in file order, each in its section (or before any), and the sections.
struct CheckSpec: Sendable {
    /// A `[GLOB]` line.
    struct Section: Sendable {
        var glob: Glob
        var line: Int
    }

    /// The spec file's path, as given.
    var file: String
    var entries: [PlannedQuery] = []
    var sections: [Section] = []
}
