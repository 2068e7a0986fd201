// libFuzzer target: the terminal sanitizer and the layout of `show` and
// `check`. The first byte picks a width (0 to 255); the rest is text laid
// out at that width, then read as a trace and drawn as `show` draws it.
// Every line must fit its width and hold no character a terminal would
// act on; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let width = Int(bytes[0])
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    let escaped = TerminalText.escaped(text)
    require(!escaped.unicodeScalars.contains(where: TerminalText.isUnsafe), "escaped text holds an unsafe scalar")
    require(TerminalText.escaped(escaped) == escaped, "escaping twice changes the text")
    let cut = TextLayout.truncated(escaped, to: width)
    require(TerminalText.width(cut) <= width, "a cut line is wider than its width")
    let fitted = TextLayout.fitted(escaped, to: width)
    require(TerminalText.width(fitted) == width, "a fitted line is not exactly its width")
    _ = ValueText.message(text)
    _ = ValueText.quoted(text)

    let options = TraceReaderOptions(maximumLineLength: 1 << 16, maximumDepth: 64, chunkSize: 4096)
    let trace = Array(bytes.dropFirst())
    guard let first = try? TraceReader(bytes: trace, name: "fuzz", options: options),
        let summary = try? TraceSummary(reading: first),
        let second = try? TraceReader(bytes: trace, name: "fuzz", options: options)
    else { return 0 }
    let timeline = TraceTimeline(summary: summary, width: max(width, 1))
    var lines = timeline.summaryLines + [timeline.headerRow]
    var marble = timeline.makeMarble()
    var previous: Int64 = 0
    while let event = try? second.next() {
        lines.append(timeline.row(event, previousTime: previous))
        marble.append(event)
        previous = event.nanoseconds
    }
    lines += timeline.diagramLines(marble)
    for line in lines {
        require(TerminalText.width(line) <= max(width, 1), "a show line is wider than the terminal")
        require(!line.unicodeScalars.contains(where: TerminalText.isUnsafe), "a show line holds an unsafe scalar")
    }
    return 0
}
