import StreamTrace

/// `show --format html PATH...`: the page, written to standard output as the traces are read, three times each: a
/// summary of each (every line checked before anything is written), then each trace's columns (kinds, times, lines),
/// then each trace's payloads. Pipes are copied to a temporary file first; nothing is kept in memory but one line.
enum TimelinePageOutput {
    static func write(_ paths: [String], arguments: [String], title: String?) throws {
        guard !Console.isTerminal else {
            throw CLIError.usage(
                "--format html writes a web page: send it to a file, as in "
                    + "streamtrace show --format html run.jsonl > run.html", command: "show")
        }
        let inputs = try paths.map { path throws(TraceReadError) in try TraceInput(path, passes: 3) }
        let lanes = try MergedTraces.summaries(of: inputs)
        let alignment = TraceAlignment(headers: lanes.map(\.summary.header))
        // timeline.html, compiled in by SwiftPM (Package.swift: `.embedInCode`).
        let template = String(decoding: PackageResources.timeline_html, as: UTF8.self)
        guard let (head, tail) = TimelinePage.parts(of: template) else {
            preconditionFailure("timeline.html has no \(TimelinePage.placeholder)")
        }
        let emit: ([UInt8]) throws -> Void = { try Console.write(bytes: $0) }
        try Console.write(bytes: Array(head.utf8))
        let name = title ?? defaultTitle(arguments: arguments, lanes: lanes)
        try Console.write(bytes: TimelinePage.modelLine(title: name, lanes: lanes, alignment: alignment))
        for input in inputs { try TimelinePage.writeColumns(of: input.reader(), to: emit) }
        for input in inputs { try TimelinePage.writePayloads(of: input.reader(), to: emit) }
        try Console.write(bytes: Array(tail.utf8))
    }

    /// One trace: its stream's name; one directory: its name; else how many streams.
    private static func defaultTitle(arguments: [String], lanes: [MergedTimeline.Lane]) -> String {
        if lanes.count == 1 { return lanes[0].name }
        if arguments.count == 1, let folder = arguments[0].split(separator: "/").last { return String(folder) }
        return "\(lanes.count) streams"
    }
}
