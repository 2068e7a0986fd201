import StreamTrace

/// The exit statuses of `streamtrace`, and the one place errors map to them.
enum ExitStatus: Int32 {
    /// Every query passed (`show`: the trace was read).
    case success = 0
    /// At least one query failed.
    case failures = 1
    /// Unknown command or option, a missing argument, a query that does not parse.
    case usage = 2
    /// A trace could not be read (missing, unreadable, not a trace,
    /// malformed), or the output could not be written.
    case inputOutput = 3
    /// `show --follow` ended by Ctrl-C (128 + SIGINT, as shells report it).
    case interrupted = 130

    /// The status of a `check` run: 3 if a trace could not be read, else 1
    /// if a query or a section failed, else 0.
    init(for totals: CheckTotals) {
        self = totals.unreadable > 0 ? .inputOutput : totals.failed > 0 ? .failures : .success
    }

    /// The status of a `diff`: 3 if a trace could not be read, else 1 if a
    /// pair differs or only one side has a trace, else 0.
    init(for totals: DiffTotals) {
        self = totals.unreadable > 0 ? .inputOutput : totals.failed > 0 ? .failures : .success
    }

    /// The status for an error a command threw.
    init(for error: any Error) {
        switch error {
        case is TraceReadError, is OutputError: self = .inputOutput
        case is CLIError: self = .usage
        default: self = .usage
        }
    }
}
