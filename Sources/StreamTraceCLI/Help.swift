import StreamTrace

/// The help texts: usage, options and examples for each command.
enum Help {
    static let overview = """
        streamtrace — check and show traces of asynchronous streams

        USAGE
          streamtrace check [options] TRACE QUERY...    evaluate expectations; exit 0 if all pass
          streamtrace check [options] --spec FILE PATH...
                                                        check many traces (CI): files, directories, -
          streamtrace show  [options] PATH...           print a timeline and marble diagrams (or a web page)
          streamtrace diff  [options] EXPECTED ACTUAL   compare two traces (or two folders of traces)
          streamtrace export --format chrome PATH...    Chrome Trace Event JSON, for Perfetto
          streamtrace export --format otlp PATH...      OTLP/JSON, for OpenTelemetry (Jaeger, Tempo)
          streamtrace help [COMMAND]                    this text, or a command's
          streamtrace --version

        TRACE is a JSON Lines trace file written by StreamTrace, or - for standard input. A PATH
        is a trace, -, or a directory: every *.jsonl file below it.

        EXIT STATUS
          0  every query passed (show: the trace was read; diff: the traces match)
          1  at least one query failed (diff: the traces differ)
          2  usage error: unknown command or option, missing argument, a query that does not parse
          3  a trace could not be read: missing, unreadable, not a trace, malformed

        EXAMPLES
          streamtrace check run.jsonl 'next == "loading"' 'next 2' finished
          streamtrace check --spec ci.spec --format github --xunit-output junit.xml traces/
          streamtrace show run.jsonl
          streamtrace show --format html traces/checkout > checkout.html
          streamtrace diff --ignore-time Tests/Traces/search.jsonl run.jsonl
          streamtrace diff Tests/Traces/ traces/
        """

    /// The query language, listed from the expectations' own declarations.
    static var queries: String {
        var lines = ["QUERIES", "  query = [not] EXPECTATION [within DURATION] [where MATCHER | MATCHER]", ""]
        let forms = QueryLanguage.forms
        lines += forms.map { row($0.syntax.form, $0.documentation.summary) }
        lines += forms.compactMap { form in
            form.documentation.inverted.map { row("not " + form.syntax.form, $0.summary) }
        }
        lines += [
            "",
            "  within D          the window ends D after the cursor (the last consumed element's t, or 0);",
            "                    D is a number and a unit: ns, us, ms, s, m, h (250ms, 1.5s)",
            "  == JSON, != JSON  JSON equality (key order ignored, 1 == 1.0)",
            "  contains JSON     array element, substring, or object subset (recursive)",
            "  < <= > >= N       numeric comparison, for count and after where",
            "",
            "  Queries run in order and share one cursor: next, next, finished reads like a test",
            "  that waits three times.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `  form              summary`, the summary on a line of its own when the form is too long for the column.
    private static func row(_ form: String, _ summary: String) -> String {
        let column = 18
        guard form.count < column else { return "  \(form)\n  " + String(repeating: " ", count: column) + summary }
        return "  " + form + String(repeating: " ", count: column - form.count) + summary
    }

    static var check: String {
        """
        USAGE
          streamtrace check [options] TRACE QUERY...
          streamtrace check [options] --spec FILE PATH...
          streamtrace check [options] -e QUERY [-e QUERY...] PATH...
          streamtrace check [options] --group (-e QUERY... | --spec FILE) DIR...

        Evaluates each QUERY against the trace, in order, with one shared cursor, and prints one
        line per query (PASS with its value, or FAIL with what was expected and the event that
        decided it) and a closing line "N passed, N failed".

        With --spec or -e, every PATH is a trace, - (standard input), or a directory standing for
        every *.jsonl file below it; the traces are checked in one run, in parallel, and reported
        in path order, each under its path. -e queries apply to every trace and run first; then
        the spec's, in file order. In the spec, a line [GLOB] starts a section whose queries apply
        to the traces whose path or file name GLOB matches (* any characters but /, ** any
        characters, ? one character); queries before the first section apply to every trace. A
        trace no query applies to is reported unchecked; a section that matches no trace fails.

        With --group, each DIR is read as ONE group: the streams of its *.jsonl files (recorded
        together, e.g. by a TraceDirectory) merged in their recorded order, one element per value
        or end, {"stream":"query","event":"value","value":"sw"}, then finished once every stream
        ended. A spec section [group GLOB] applies its queries to each directory GLOB matches
        (given, or below one given), read as a group, with or without --group. Queries over a
        group share the merged cursor; a query written STREAM: QUERY (results: next == "x") reads
        that stream alone (its header's "stream", or its file name), with a cursor of its own. A
        failure points at the stream's file and line (checkout/results.jsonl:3).

        OPTIONS
          --spec FILE                 queries from FILE, one per line, with [GLOB] sections;
                                      # starts a comment
          -e QUERY                    a query for every trace (repeatable)
          --group                     read each directory as one group of streams
          --format text|json|github   text (default); one JSON document, a "reason" on each failure;
                                      or GitHub Actions annotations (and, when GITHUB_STEP_SUMMARY is
                                      set, a Markdown table of every result appended to that file)
          --xunit-output FILE         also write a JUnit XML report: a testsuite per trace, a
                                      testcase per query
          --jobs N                    traces read at once (default: the number of cores)
          --quiet, -q                 print only failures and the closing line
          --color auto|always|never   colour PASS/FAIL (auto: on a terminal unless NO_COLOR is set
                                      or TERM=dumb; CLICOLOR_FORCE, not 0, forces it)
          --help, -h                  this text

        \(queries)

        EXAMPLES
          streamtrace check run.jsonl single
          streamtrace check run.jsonl 'prefix 3 == [1, 2, 3]' 'not finished within 2s'
          streamtrace check run.jsonl 'failure contains {"type": "URLError"}'
          cat run.jsonl | streamtrace check - 'count >= 3'
          streamtrace check --spec ci.spec traces/
          streamtrace check -e finished --format github --xunit-output junit.xml traces/
          streamtrace check --group traces/checkout -e 'next where contains {"stream":"results"}' \\
            -e 'results: last == "y"'

        EXIT STATUS
          0 all passed, 1 a query or a section failed, 2 usage error, 3 a trace could not be read
          (every trace is still reported)
        """
    }

    static let show = """
        USAGE
          streamtrace show [options] PATH...

        Prints a trace for a person: the stream's name, clock and status (finished, failed,
        open, cancelled, truncated), its element count and duration; one row per event with the
        time since the start, the time since the previous event, the kind and the value; and a
        marble diagram of the whole trace:

          -a--b-----(a|)
          a = {"id":1}   b = {"id":2}   |: finished

        With several traces (or a directory: every *.jsonl file below it), one time axis:
        aligned on "started" when every trace has it, else on "at" (the clock's reading at the
        subscription), else each from its own 0, as the first line says; one table of all
        events with a stream column, then one marble line per stream, on the same scale.

        OPTIONS
          --format text|json|html     text (default); json: the events as normalized JSON Lines
                                      (one trace); html: one self-contained web page, one lane
                                      per stream, to zoom, pan and point at (write it to a file)
          --title TEXT                the page's title (html)
          --follow, -f                show one trace as it is written (a growing file or a FIFO)
                                      until it completes or Ctrl-C, then its marble line
          --width N                   fit the output to N columns (default: the terminal's width);
                                      below 40, 40 (a narrower terminal wraps)
          --color auto|always|never   accepted for symmetry with check
          --help, -h                  this text

        EXAMPLES
          streamtrace show run.jsonl
          streamtrace show traces/checkout
          streamtrace show --format html traces/checkout > checkout.html
          streamtrace show --follow run.jsonl
          streamtrace show --format json run.jsonl > normalized.jsonl

        EXIT STATUS
          0 the trace was read (--follow: it completed), 2 usage error, 3 a trace could not be
          read, 130 --follow interrupted (Ctrl-C)
        """

    static let diff = """
        USAGE
          streamtrace diff [options] EXPECTED ACTUAL
          streamtrace diff [options] EXPECTED_DIR ACTUAL_DIR

        Compares two traces event by event: the stream name of the headers, then the events,
        lined up as a text diff lines up lines (kind and payload: value by JSON equality,
        demand, error; paired events must also agree in time). An event only one trace has
        is one difference; the nearest agreement is looked for 32 events ahead, past that
        events pair by position. Prints each difference with both files' line numbers, a
        closing line, and the last events of both traces as marble lines. One of the two may
        be - (standard input).

        Two directories (golden-trace folders): the *.jsonl files below them are paired by
        relative path and each pair compared; a trace only one side has is reported; then
        "N match, N differ".

        OPTIONS
          --ignore-time               do not compare times
          --tolerance DURATION        times may differ by up to DURATION (5ms, 1.5s; ns, us, ms, s, m, h)
          --limit N                   print at most N differences (default 20); all are counted
          --format text|json|github   text (default), one JSON document, or GitHub annotations
          --xunit-output FILE         also write a JUnit XML report: a testcase per pair
          --jobs N                    pairs compared at once (default: the number of cores)
          --quiet, -q                 print only the closing line (of each pair that differs)
          --help, -h                  this text

        EXAMPLES
          streamtrace diff Tests/Traces/search.jsonl run.jsonl
          streamtrace diff --tolerance 5ms expected.jsonl actual.jsonl
          streamtrace diff --ignore-time --format github Tests/Traces/ traces/

        EXIT STATUS
          0 the traces match, 1 they differ (or one side lacks a trace), 2 usage error,
          3 a trace could not be read
        """

    static let export = """
        USAGE
          streamtrace export --format chrome PATH... > run.json
          streamtrace export --format otlp [--epoch TIME] [--service NAME] PATH... > run.otlp.jsonl

        --format chrome writes Chrome Trace Event JSON, which Perfetto (ui.perfetto.dev) and
        chrome://tracing open: one thread per trace, named after its stream; the subscription
        as a slice from its first to its terminal (or last) event; every value, request and
        completion as an instant event with its payload and line; a counter of the elements
        received. Times are microseconds (nanoseconds as decimals), the traces aligned as show
        aligns them.

        --format otlp writes OTLP/JSON Lines, as the OpenTelemetry Collector's file exporter
        does, for its otlpjsonfile receiver (and on to Jaeger, Tempo or a vendor): a span per
        subscription, named after the stream, with its values, requests and terminal event as
        span events (streamtrace.value, streamtrace.demand, streamtrace.line); status ERROR
        with the message on a failure; past 128 events, child spans of 128 linked in order.
        The traces of a directory share one trace id under a span for the directory. Ids are
        SHA-256 of the paths and stream names: the same input gives the same bytes. Times are
        Unix nanoseconds: "started" + t, else --epoch + "at" + t. See docs/otlp.md.

        A PATH is a trace, -, or a directory: every *.jsonl file below it. Each trace is
        checked whole before anything is written, then written as it is read again.

        OPTIONS
          --format chrome|otlp   the format
          --epoch TIME           otlp: the time (RFC 3339, 2026-05-01T12:00:00Z) of a virtual
                                 clock's 0, for traces without "started" (default: now, said
                                 on standard error)
          --service NAME         otlp: the resource's service.name (default: streamtrace)
          --help, -h             this text

        EXIT STATUS
          0 written, 2 usage error, 3 a trace could not be read
        """

    static func text(for command: String) -> String? {
        ["check": check, "show": show, "diff": diff, "export": export, "help": overview][command]
    }
}
