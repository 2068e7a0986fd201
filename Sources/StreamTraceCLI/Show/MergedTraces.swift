import StreamTrace

/// `show PATH...` with several traces, as text: each trace read twice, a summary of each first (every line checked
/// before anything is printed), then their events merged by time on the shared axis.
enum MergedTraces {
    static func show(_ paths: [String], width: Int) throws {
        let inputs = try paths.map { path throws(TraceReadError) in try TraceInput(path, passes: 2) }
        let lanes = try summaries(of: inputs)
        let timeline = MergedTimeline(lanes: lanes, width: width)
        for line in timeline.summaryLines { try Console.out(line) }
        try Console.out("")
        try Console.out(timeline.headerRow)
        let readers = try inputs.map { input throws(TraceReadError) in try input.reader() }
        let merge = try TraceMerge(readers: readers, alignment: timeline.alignment)
        var marbles = timeline.makeMarbles()
        var previous: Int64 = 0
        while let (lane, time, event) = try merge.next() {
            try Console.out(timeline.row(event, lane: lane, time: time, previousTime: previous))
            marbles.append(event, at: time, line: lane)
            previous = time
        }
        try Console.out("")
        for line in timeline.diagramLines(marbles) { try Console.out(line) }
    }

    /// Each trace's summary (``ShowCommand/summary(of:)``), named.
    static func summaries(of inputs: [TraceInput]) throws -> [MergedTimeline.Lane] {
        try inputs.map { input in MergedTimeline.Lane(file: input.name, summary: try ShowCommand.summary(of: input)) }
    }
}
