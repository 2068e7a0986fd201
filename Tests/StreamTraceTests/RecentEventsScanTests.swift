import Testing

@testable import StreamTrace

/// The scan behind `diff` of identical files keeps the last drawn events
/// where the buffer holds them and copies them when it changes: across
/// refills and chunks, it keeps what copying every event keeps.
@Suite(.cpuBound) struct RecentEventsScanTests {
    /// Every event appended to one ``RecentEvents`` as it comes.
    struct EveryEvent: TraceScanConsumer {
        var recent = RecentEvents()

        mutating func consume(_ event: TraceScanEvent) {
            recent.append(
                nanoseconds: event.nanoseconds, kind: event.kind,
                value: event.valueBytes ?? UnsafeRawBufferPointer(start: nil, count: 0))
        }

        mutating func append(_ later: EveryEvent, eventOffset: Int, lineOffset: Int) {
            recent.append(contentsOf: later.recent)
        }
    }

    static func trace(values: Int) -> [UInt8] {
        var lines = [#"{"streamtrace":1}"#, #"{"t":0,"event":"subscribe"}"#]
        for i in 0..<values {
            lines.append(#"{"t":\#(i * 1000 + 1),"event":"value","value":{"i":\#(i),"s":"\#(i % 7)"}}"#)
            if i % 5 == 0 { lines.append(#"{"t":\#(i * 1000 + 2),"event":"request","demand":1}"#) }
        }
        lines.append(#"{"t":\#(values * 1000 + 5),"event":"finished"}"#)
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test(arguments: [0, 1, 3, 6, 7, 40, 3000], [64, 200, 1 << 20])
    func keepsTheLastDrawnEventsAcrossRefillsAndChunks(values: Int, readSize: Int) throws {
        let bytes = Self.trace(values: values)
        for parallelism in [1, 3] {
            let options = TraceScanOptions(parallelism: parallelism, readSize: readSize, minimumChunkBytes: 256)
            let scanned = try TraceScan.scan(bytes: bytes, options: options) { RecentEventsScan() }
            let every = try TraceScan.scan(bytes: bytes, options: options) { EveryEvent() }
            #expect(scanned.consumer.recent.timeline() == every.consumer.recent.timeline())
            #expect(scanned.consumer.recent.timeline().events.count == min(values + 1, RecentTimeline.defaultLimit))
        }
    }
}
