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
        self.init(unreadable: totals.unreadable, failed: totals.failed)
    }

    /// The status of a `diff`: 3 if a trace could not be read, else 1 if a
    /// pair differs or only one side has a trace, else 0.
    init(for totals: DiffTotals) {
        self.init(unreadable: totals.unreadable, failed: totals.failed)
    }

    /// 3 if something could not be read, else 1 if something failed, else 0.
    private init(unreadable: Int, failed: Int) {
        self = unreadable > 0 ? .inputOutput : failed > 0 ? .failures : .success
    }

    /// The status for an error a command threw.
    init(for error: any Error) {
        switch error {
        case is TraceReadError, is OutputError: self = .inputOutput
        default: self = .usage  // a CLIError, or anything else
        }
    }
}
