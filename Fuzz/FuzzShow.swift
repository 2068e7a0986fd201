// libFuzzer target: `show` on traces built from the input (see
// Fuzz/Shared): deep, wide and huge values, hostile strings, odd headers
// and times, junk lines, a cut-off tail. The first byte picks a width.
// Nothing may trap, and what show prints must hold together:
// - text: every line fits the width and holds nothing a terminal acts on,
//   for one trace and for two on one axis;
// - json (`--format json`): reading it back gives the same header and
//   events, and writing it again changes nothing;
// - html: the page's data holds no `<` (nothing can end its script) and
//   one column entry per event.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShow(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var json = HostileJSON(FuzzBytes(data, size))
    let width = 1 + json.input.below(160)
    let options = FuzzChecks.options(&json.input)
    let trace = HostileTrace.make(&json)
    let bytes = trace.bytes
    FuzzChecks.dump("trace.jsonl", bytes)
    guard let reader = FuzzChecks.reader(bytes, options), let summary = try? TraceSummary(reading: reader) else {
        return 0
    }
    showText(bytes, summary, width: width, options)
    showJSON(bytes, summary, options)
    let other = trace.changed(&json).bytes
    FuzzChecks.dump("other.jsonl", other)
    if let reader = FuzzChecks.reader(other, options), let otherSummary = try? TraceSummary(reading: reader) {
        let lanes = [
            MergedTimeline.Lane(file: "a.jsonl", summary: summary),
            MergedTimeline.Lane(file: "b.jsonl", summary: otherSummary),
        ]
        showMerged([bytes, other], lanes, width: width, options)
        showPage([bytes, other], lanes, options)
    }
    return 0
}

private func showText(_ bytes: [UInt8], _ summary: TraceSummary, width: Int, _ options: TraceReaderOptions) {
    let timeline = TraceTimeline(summary: summary, width: width)
    var lines = timeline.summaryLines + [timeline.headerRow]
    var marble = timeline.makeMarble()
    var previous: Int64 = 0
    guard let reader = FuzzChecks.reader(bytes, options) else { fatalError("a trace read once cannot be read again") }
    do {
        while let event = try reader.next() {
            lines.append(timeline.row(event, previousTime: previous))
            marble.append(event)
            previous = event.nanoseconds
        }
    } catch {
        fatalError("a trace read once fails the second time: \(error)")
    }
    lines += timeline.diagramLines(marble)
    FuzzChecks.requireFitting(lines, width: width, "show")
}

private func showJSON(_ bytes: [UInt8], _ summary: TraceSummary, _ options: TraceReaderOptions) {
    guard let normal = FuzzChecks.normalized(bytes, options) else {
        fatalError("show --format json fails on a trace show reads")
    }
    guard let original = FuzzChecks.events(bytes, options), let again = FuzzChecks.events(normal, options) else {
        fatalError("show --format json wrote a trace it cannot read:\n\(String(decoding: normal, as: UTF8.self))")
    }
    require(again.0 == original.0, "show --format json changed the header: \(original.0) became \(again.0)")
    require(again.1 == original.1, "show --format json changed the events")
    require(FuzzChecks.normalized(normal, options) == normal, "show --format json of its own output differs")
}

private func showMerged(_ traces: [[UInt8]], _ lanes: [MergedTimeline.Lane], width: Int, _ options: TraceReaderOptions)
{
    let timeline = MergedTimeline(lanes: lanes, width: width)
    var lines = timeline.summaryLines + [timeline.headerRow]
    let readers = traces.compactMap { FuzzChecks.reader($0, options) }
    guard readers.count == traces.count, let merge = try? TraceMerge(readers: readers, alignment: timeline.alignment)
    else {
        fatalError("traces read once cannot be merged")
    }
    var marbles = timeline.makeMarbles()
    var previous: Int64 = 0
    do {
        while let (lane, time, event) = try merge.next() {
            lines.append(timeline.row(event, lane: lane, time: time, previousTime: previous))
            marbles.append(event, at: time, line: lane)
            previous = time
        }
    } catch {
        fatalError("traces read once fail when merged: \(error)")
    }
    lines += timeline.diagramLines(marbles)
    FuzzChecks.requireFitting(lines, width: width, "show of two traces")
}

private func showPage(_ traces: [[UInt8]], _ lanes: [MergedTimeline.Lane], _ options: TraceReaderOptions) {
    let alignment = TraceAlignment(headers: lanes.map(\.summary.header))
    var page = TimelinePage.modelLine(title: "fuzz </script>", lanes: lanes, alignment: alignment)
    do {
        for (trace, lane) in zip(traces, lanes) {
            var columns: [UInt8] = []
            try TimelinePage.writeColumns(of: FuzzChecks.reader(trace, options)!, to: { columns += $0 })
            // Three numbers an event: kind, Δt, Δline.
            let count = lane.summary.eventCount
            require(
                columns.count(where: { $0 == UInt8(ascii: ",") }) == (count == 0 ? 0 : 3 * count - 1),
                "the page's columns do not hold one entry per event")
            page += columns
        }
        for trace in traces {
            try TimelinePage.writePayloads(of: FuzzChecks.reader(trace, options)!, to: { page += $0 })
        }
    } catch {
        fatalError("traces read once fail in the page: \(error)")
    }
    require(!page.contains(UInt8(ascii: "<")), "the page's data holds a '<'")
}
