import StreamTrace
import Testing

/// A trace read in blocks on every core reaches its sink in file order:
/// each event once, after the stage that prepared its block, whichever
/// worker scanned the block and whichever delivered it. Run over thousands
/// of blocks a read, many reads: every hand-over between the workers.
///
/// The time limit only turns a deadlock into a failure. It runs from when a
/// test is scheduled, so it includes the wait for ``DedicatedThreads``
/// behind every other `.cpuBound` case: alone the suite takes about 3 s,
/// but in a full run beside a parallel build and four busy loops on two
/// cores it ended after 355 s, over the 5 minutes it used to have, with no
/// test slow or stuck.
@Suite(.cpuBound, .timeLimit(.minutes(20))) struct OrderedScanTests {
    /// `count` events, one a line: values of several lengths, a subscribe
    /// first and a finished last.
    static func trace(events count: Int) -> [UInt8] {
        var text = "{\"streamtrace\":1}\n{\"t\":0,\"event\":\"subscribe\"}\n"
        for index in 1..<(count - 1) {
            let value = index % 3 == 0 ? "\"\(String(repeating: "x", count: index % 50))\"" : "\(index)"
            text += "{\"t\":\(index),\"event\":\"value\",\"value\":\(value)}\n"
        }
        text += "{\"t\":\(count),\"event\":\"finished\"}\n"
        return Array(text.utf8)
    }

    /// `count` rounds, a fifth of them under ThreadSanitizer (each still
    /// hands over hundreds to thousands of blocks).
    static func rounds(_ count: Int) -> Int {
        SanitizedSeeds.underThreadSanitizer ? count / 5 : count
    }

    /// A block's events as its stage saw them: index and line from the block's start.
    final class RecordingStage: TraceBlockStage, @unchecked Sendable {
        // Used by one thread at a time: the worker that scans, then the one that delivers.
        var prepared: [(index: Int, line: Int)] = []

        func prepare(_ events: TraceBlockEvents) {
            prepared = []
            events.forEachEvent { prepared.append(($0.index, $0.line)) }
        }
    }

    /// Records each event's index, line and time, and checks each against
    /// what its block's stage prepared.
    struct RecordingSink: TraceEventSink {
        var taken: [(index: Int, line: Int, nanoseconds: Int64)] = []
        var expected: [(index: Int, line: Int)] = []
        var mismatches = 0
        var blocks = 0
        /// Stops wanting events after this many.
        var stopAfter = Int.max

        func makeStage() -> RecordingStage? { RecordingStage() }

        mutating func begin(_ stage: RecordingStage, eventOffset: Int, lineOffset: Int) {
            if !expected.isEmpty { mismatches += 1 }  // the last block's events were not all taken
            expected = stage.prepared.map { ($0.index + eventOffset, $0.line + lineOffset) }
            blocks += 1
        }

        mutating func take(_ event: TraceScanEvent) {
            if let first = expected.first, first == (event.index, event.line) {
                expected.removeFirst()
            } else {
                mismatches += 1
            }
            taken.append((event.index, event.line, event.nanoseconds))
        }

        mutating func bufferWillChange() {}

        var wantsMore: Bool { taken.count < stopAfter }
    }

    @Test(arguments: [1, 2, 7, 64])
    func everyEventArrivesOnceInFileOrderAfterItsBlocksStage(readSize: Int) throws {
        let bytes = Self.trace(events: 1500)
        for round in 0..<Self.rounds(readSize == 1 ? 20 : 60) {
            var sink = RecordingSink()
            let options = TraceScanOptions(parallelism: 2 + round % 7, readSize: readSize, minimumChunkBytes: 1)
            let end = try TraceScan.read(bytes: bytes, options: options, into: &sink)
            #expect(end.eventCount == 1500)
            #expect(sink.taken.map(\.index) == Array(0..<1500), "round \(round)")
            #expect(sink.taken.map(\.line) == Array(2...1501), "round \(round)")
            #expect(sink.taken.map(\.nanoseconds) == [0] + (1..<1499).map(Int64.init) + [1500], "round \(round)")
            #expect(sink.mismatches == 0, "round \(round)")
            #expect(sink.expected.isEmpty, "round \(round)")
            #expect(sink.blocks > 1, "round \(round)")
        }
    }

    @Test func aSinkThatWantsNoMoreEndsTheReadAfterTheBlockItStoppedIn() throws {
        let bytes = Self.trace(events: 3000)
        for round in 0..<Self.rounds(100) {
            var sink = RecordingSink(stopAfter: 10 + round * 17)
            let options = TraceScanOptions(parallelism: 2 + round % 5, readSize: 1 + round % 40, minimumChunkBytes: 1)
            _ = try TraceScan.read(bytes: bytes, options: options, into: &sink)
            // The block it stopped in is taken whole, and no block after it.
            #expect(sink.taken.count >= 10 + round * 17, "round \(round)")
            #expect(sink.taken.count < 10 + round * 17 + 40, "round \(round)")
            #expect(sink.taken.map(\.index) == Array(0..<sink.taken.count), "round \(round)")
            #expect(sink.mismatches == 0, "round \(round)")
        }
    }

    /// The blocks before the bad line's own are taken whole; its own is not.
    @Test func aMalformedLineEndsTheReadWithItsErrorAfterTheBlocksBeforeIt() {
        var bytes = Self.trace(events: 2000)
        // Line 1001 (event 999) loses its closing brace.
        var line = 1
        let start = bytes.indices.first { index in
            if bytes[index] == 0x0A { line += 1 }
            return line == 1001 && bytes[index] == 0x0A
        }!
        let close = bytes[(start + 1)...].firstIndex(of: 0x0A)! - 1
        bytes.remove(at: close)
        for round in 0..<Self.rounds(100) {
            var sink = RecordingSink()
            let options = TraceScanOptions(parallelism: 2 + round % 5, readSize: 1 + round % 50, minimumChunkBytes: 1)
            do {
                _ = try TraceScan.read(bytes: bytes, options: options, into: &sink)
                Issue.record("round \(round): no error")
            } catch {
                #expect(error.line == 1001, "round \(round)")
            }
            #expect(sink.taken.map(\.index) == Array(0..<sink.taken.count), "round \(round)")
            #expect(sink.taken.count <= 999, "round \(round)")
            #expect(sink.expected.isEmpty, "round \(round): a block taken in part")
            #expect(sink.mismatches == 0, "round \(round)")
        }
    }
}
