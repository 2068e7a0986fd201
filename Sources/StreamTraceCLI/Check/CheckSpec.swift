import StreamTrace

/// What `check --spec FILE` asks: its queries in file order, each in its section (or before any), and the sections.
struct CheckSpec: Sendable {
    /// A query and where it stands.
    struct Entry: Sendable {
        var query: Query
        var line: Int
        /// The index of its section, or `nil` before the first section.
        var section: Int?
    }

    /// A `[GLOB]` line.
    struct Section: Sendable {
        var glob: Glob
        var line: Int
    }

    /// The spec file's path, as given.
    var file: String
    var entries: [Entry] = []
    var sections: [Section] = []
}
