/// A folder's traces read as one group's trace, for the one check engine: one element per member value or end
/// (`subscribe` and `request` are left out), in ``TraceMerge``'s order, whose value is the ``GroupEvent`` as JSON
/// (`{"stream":"query","event":"value","value":"sw"}`) and whose `t` is its time on the shared axis; then `finished`,
/// when every member ended (else the group is open). What a query over `check --group DIR` reads.
///
/// An element's line is its member's line; ``file(ofElement:)`` gives a location's member file back, by the element's
/// index (one 4-byte entry per element: a group's results point at `checkout/results.jsonl:7`).
/// `TraceChecker.evaluations(of:named:)` checks queries over it.
package final class TraceGroupReader {
    /// The members' readers, in path order.
    package let readers: [TraceReader]
    /// Each member's stream name: its header's `stream`, else its file name without `.jsonl`.
    package let streams: [String]
    private let merge: TraceMerge
    /// Which member each element given out came from, by its index.
    private var lanes: [UInt32] = []
    private var ended: [Bool]
    /// Where the last element came from: the group's `finished` points at it.
    private var last: (time: Int64, line: Int)?
    private var finished = false
    private var output = JSONOutput()
    /// The line ``nextScanEvent()`` gave last, valid until the next call.
    private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 16)

    /// Opens the traces at `paths` (in the order given, which orders events at one time outside a group) and reads
    /// each one's first event.
    package convenience init(paths: [String]) throws(TraceReadError) {
        var readers: [TraceReader] = []
        for path in paths { readers.append(try TraceReader(path: path)) }
        try self.init(readers: readers)
    }

    package init(readers: [TraceReader]) throws(TraceReadError) {
        self.readers = readers
        streams = readers.map { Self.streamName($0.header.stream, ofFile: $0.file) }
        ended = readers.map { _ in false }
        merge = try TraceMerge(readers: readers, alignment: TraceAlignment(headers: readers.map(\.header)))
    }

    deinit { storage.deallocate() }

    /// A member's name in the group: its header's `stream`, else its file's name (``streamName(ofFile:)``).
    package static func streamName(_ headerStream: String?, ofFile path: String) -> String {
        headerStream ?? streamName(ofFile: path)
    }

    /// `results` for `cart.jsonl` or `dir/results.jsonl`: the last path component without `.jsonl`.
    package static func streamName(ofFile path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".jsonl") && name.count > 6 ? String(name.dropLast(6)) : name
    }

    /// The member whose trace `name` names: the first whose header's `stream` is `name`, else the first whose file name
    /// is `name` with or without `.jsonl`; `nil` if none. `streams` are the headers' `stream`s, `files` the paths.
    package static func member(named name: String, streams: [String?], files: [String]) -> Int? {
        streams.firstIndex(of: name)
            ?? files.firstIndex { file in
                let last = file.split(separator: "/").last.map(String.init) ?? file
                return last == name || streamName(ofFile: file) == name
            }
    }

    /// The group's header: named after `name`, with the members' group and clock.
    package func header(named name: String) -> TraceHeader {
        TraceHeader(stream: name, group: readers.first?.header.group, clock: readers.first?.header.clock)
    }

    /// `finished` once every member ended and the group's `finished` was given; else `open`.
    package var status: TraceStatus { finished ? .finished : .open }

    /// What the members' readers noticed (a truncated last line), in path order.
    package var warnings: [TraceReadWarning] { readers.flatMap(\.warnings) }

    /// The next element of the group as the check pass reads a trace's events, or `nil` after the last.
    package func nextScanEvent() throws(TraceReadError) -> TraceScanEvent? {
        while let (lane, time, event) = try merge.next() {
            let kind = event.event.kind
            guard kind != .subscribe, kind != .request else { continue }
            if kind.isTerminal { ended[lane] = true }
            last = (time, event.line ?? 0)
            lanes.append(UInt32(lane))
            output.removeAll()
            output.append("{\"t\":")
            output.write(int: time)
            output.append(",\"event\":\"value\",\"value\":")
            let start = output.bytes.count
            writeElement(event.event, of: streams[lane])
            let end = output.bytes.count
            output.append("}")
            return scanEvent(kind: .value, time: time, line: event.line ?? 0, valueRange: start..<end)
        }
        guard !finished, let last, ended.allSatisfy({ $0 }) else { return nil }
        finished = true
        lanes.append(lanes.last ?? 0)
        output.removeAll()
        output.append("{\"t\":")
        output.write(int: last.time)
        output.append(",\"event\":\"finished\"}")
        return scanEvent(kind: .finished, time: last.time, line: last.line, valueRange: nil)
    }

    /// `{"stream":…,"event":…}` with the value or the error: ``GroupEvent``'s JSON, written as bytes.
    private func writeElement(_ event: StreamEvent<JSONValue, TraceFailure>, of stream: String) {
        output.append("{\"stream\":")
        output.write(string: stream)
        output.append(",\"event\":")
        output.write(string: event.kind.rawValue)
        switch event {
        case .value(let value):
            output.append(",\"value\":")
            output.write(value)
        case .failure(let failure):
            output.append(",\"error\":{\"type\":")
            output.write(string: failure.type)
            output.append(",\"message\":")
            output.write(string: failure.message)
            output.append("}")
        default: break
        }
        output.append("}")
    }

    /// The event of the line in `output`, copied to storage that lives until the next call.
    private func scanEvent(kind: EventKind, time: Int64, line: Int, valueRange: Range<Int>?) -> TraceScanEvent {
        let bytes = output.bytes
        if bytes.count > storage.count {
            storage.deallocate()
            storage = .allocate(byteCount: max(bytes.count, 2 * storage.count), alignment: 16)
        }
        storage.copyBytes(from: bytes)
        let text = UnsafeRawBufferPointer(rebasing: storage[..<bytes.count])
        return TraceScanEvent(
            nanoseconds: time, kind: kind, line: line, index: lanes.count - 1, text: text, valueRange: valueRange)
    }

    /// The file of the member element `index` (from 0, a location's ``EventLocation/index``) came from; `nil` for an
    /// element not given out.
    package func file(ofElement index: Int) -> String? {
        guard index >= 0, index < lanes.count else { return nil }
        return readers[Int(lanes[index])].file
    }
}
