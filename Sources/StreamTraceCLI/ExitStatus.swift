import StreamTrace

/// The exit statuses of `streamtrace`, and the one place errors map to them.
enum ExitStatus: Int32 {
    /// Every query passed (`show`: the trace was read).
    case success = 0
    /// At least one query failed.
    case failures = 1
    /// Unknown command or option, a missing argument, a query that does not parse.
    case usage = 2
    /// A trace could not be read (missing, unreadable, not a trace, malformed), or the output could not be written.
    case inputOutput = 3
    /// `show --follow` ended by Ctrl-C (128 + SIGINT, as shells report it).
    case interrupted = 130

    /// The status of a run: 3 if a trace could not be read, else 1 if something failed (a query, a section, a pair that
    /// differs or that only one side has; `failed` counts the unreadable traces too), else 0.
    init(unreadable: Int, failed: Int) {
        self = unreadable > 0 ? .inputOutput : failed > 0 ? .failures : .success
    }

    /// The status for an error a command threw.
    init(for error: any Error) {
        // A CLIError, or anything else, is a usage error.
        self = error is TraceReadError || error is OutputError ? .inputOutput : .usage
    }
}
