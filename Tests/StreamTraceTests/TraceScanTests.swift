import Foundation
import Testing

@testable import StreamTrace

/// The scanner against the sequential reader: same events, same values,
/// same status and warnings, and on a damaged trace the same
/// FILE:LINE:COLUMN error — whatever the chunks and read sizes.
@Suite(.cpuBound) struct TraceScanTests {
    /// Small limits, so that damage can exceed them.
    static let limits = TraceReaderOptions(maximumLineLength: 256, maximumDepth: 32, chunkSize: 4096)

    /// Splits into 1…5 chunks of any size, with reads of 1 byte up.
    static let layouts: [(parallelism: Int, readSize: Int)] = [
        (1, 1 << 20), (2, 7), (3, 1), (5, 64), (4, 4096), (2, 100),
    ]

    func expectSame(_ text: [UInt8], options: TraceReaderOptions = limits, _ comment: Comment? = nil) {
        let expected = TraceScanReference.sequential(text, name: "t.jsonl", options: options)
        for layout in Self.layouts {
            let scanOptions = TraceScanOptions(
                reader: options, parallelism: layout.parallelism, readSize: layout.readSize, minimumChunkBytes: 1)
            let actual = TraceScanReference.scanned(text, name: "t.jsonl", options: scanOptions)
            #expect(actual == expected, "layout \(layout) \(comment?.description ?? "")")
            if actual != expected { return }
        }
    }

    @Test(arguments: 0..<60)
    func generatedTracesReadTheSame(seed: Int) {
        var random = RandomTrace(seed: UInt64(seed))
        let lines = random.trace(events: seed % 7 == 0 ? 400 : 40)
        let crlf = random.chance(15)
        var text = lines.joined(separator: crlf ? "\r\n" : "\n")
        if random.chance(80) { text += "\n" }
        expectSame(Array(text.utf8), options: TraceReaderOptions(), "seed \(seed)")
    }

    @Test(arguments: 0..<200)
    func damagedTracesFailTheSame(seed: Int) {
        var random = RandomTrace(seed: UInt64(seed) &* 7919)
        var lines = random.trace(events: 30)
        random.damage(&lines)
        expectSame(Array((lines.joined(separator: "\n") + "\n").utf8), "seed \(seed)")
    }

    @Test(arguments: SanitizedSeeds.seeds(0..<40, everyUnderThreadSanitizer: 5))
    func cutTracesEndTheSame(seed: Int) {
        var random = RandomTrace(seed: UInt64(seed) &+ 1_000_003)
        let text = Array(random.trace(events: 10).joined(separator: "\n").utf8)
        // Every cut of the last 60 bytes: truncated tails, complete last lines.
        for cut in max(0, text.count - 60)...text.count { expectSame(Array(text[..<cut]), "cut \(cut) seed \(seed)") }
    }

    @Test func invalidUTF8AndNULAndControlBytesInSkippedValuesAreErrors() {
        let header = Array(#"{"streamtrace":1}"#.utf8) + [0x0A]
        let good = Array(#"{"t":1,"event":"value","value":"ok"}"#.utf8) + [0x0A]
        for bad: [UInt8] in [
            [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x00], [0x1F], [0xE2, 0x82], [0xC0, 0xAF],
        ] {
            let line = Array(#"{"t":2,"event":"value","value":{"k":"a"#.utf8) + bad + Array(#"b"}}"#.utf8) + [0x0A]
            expectSame(header + good + line + good, Comment(rawValue: "\(bad)"))
        }
    }

    @Test func malformedLinesAtEveryChunkBorderGiveTheReadersError() {
        let good = #"{"t":1,"event":"value","value":{"id":1,"name":"x\"y","tags":["a","b"]}}"#
        let tooLong = #"{"t":1,"event":"value","value":""# + String(repeating: "z", count: 300) + "\"}"
        for bad in [
            #"{"t":1,"event":"value","value":{"id":1,,}}"#, #"{"t":1,"event":"finished"}"#,
            #"{"t":0,"event":"value","value":2}"#,
            #"{"t":1,"event":"subscribe"}"#, "\u{1}", tooLong, #"{"t":1,"event":"value","value":"\#u{1}"}"#,
        ] {
            let text =
                #"{"streamtrace":1}"# + "\n" + Array(repeating: good, count: 6).joined(separator: "\n") + "\n" + bad
                + "\n" + good + "\n"
            // Chunk borders fall on every byte: minimum chunk of one byte, many chunks.
            for parallelism in 2...12 {
                let options = TraceScanOptions(
                    reader: Self.limits, parallelism: parallelism, readSize: 3, minimumChunkBytes: 1)
                let actual = TraceScanReference.scanned(Array(text.utf8), name: "t.jsonl", options: options)
                let expected = TraceScanReference.sequential(Array(text.utf8), name: "t.jsonl", options: Self.limits)
                #expect(actual == expected)
                if case .read = expected { Issue.record("\(bad) should fail") }
            }
        }
    }

    @Test func nestingOverTheLimitIsAnErrorEvenPastTheFastPathsDepth() {
        for depth in [30, 31, 32, 33, 63, 64, 65, 70] {
            let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = "{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":\(value)}\n"
            expectSame(Array(text.utf8), options: TraceReaderOptions(maximumDepth: 66), "depth \(depth)")
            expectSame(Array(text.utf8), "depth \(depth), limit 32")
        }
    }

    @Test func aFileIsSplitAndScannedInParallelLikeBytes() throws {
        var random = RandomTrace(seed: 42)
        let text = Array((random.trace(events: 3000).joined(separator: "\n") + "\n").utf8)
        let path = NSTemporaryDirectory() + "/scan-\(getpid()).jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = TraceScanReference.sequential(text, name: path, options: TraceReaderOptions())
        let options = TraceScanOptions(parallelism: 4, readSize: 1000, minimumChunkBytes: 1000)
        let fd = try TraceFile.open(path)
        defer { close(fd) }
        let scan = try TraceScan.scan(fileDescriptor: fd, name: path, options: options) {
            TraceScanReference.Collector()
        }
        guard case .read(_, let status, _, let events) = expected else {
            Issue.record("\(expected)")
            return
        }
        #expect(scan.status == status)
        #expect(scan.consumer.events.map(\.head) == events.map(\.head))
        let summary = try TraceScan.summary(path: path, options: options)
        #expect(summary.consumer.eventCount == events.count)
        #expect(summary.consumer.elementCount == events.filter { $0.head.kind == .value }.count)
        #expect(summary.consumer.last?.line == events.last?.head.line)
        #expect(summary.consumer.last?.index == events.count - 1)
    }

    @Test func aPipeIsReadInOneSequentialPass() throws {
        var random = RandomTrace(seed: 7)
        let text = Array((random.trace(events: 2000).joined(separator: "\n") + "\n").utf8)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            text.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let options = TraceScanOptions(parallelism: 4, readSize: 777, minimumChunkBytes: 1)
        let scan = try TraceScan.scan(fileDescriptor: readEnd, name: "<pipe>", options: options) {
            TraceScanReference.Collector()
        }
        guard
            case .read(_, let status, _, let events) = TraceScanReference.sequential(
                text, name: "<pipe>", options: TraceReaderOptions())
        else {
            Issue.record("the generated trace does not read")
            return
        }
        #expect(scan.status == status)
        #expect(scan.consumer.events == events)
    }

    @Test func timesOfEveryLengthReadTheSame() {
        var times: [String] = ["0"]
        var power: Int64 = 1
        for _ in 0..<18 {
            times += [String(power), String(power + 3), String(power * 9 + (power - 1))]
            power *= 10
        }
        times += [String(Int64.max - 1), String(Int64.max)]
        let lines = times.map { #"{"t":\#($0),"event":"value","value":\#($0)}"# }
        let text = #"{"streamtrace":1}"# + "\n" + lines.joined(separator: "\n") + "\n"
        expectSame(Array(text.utf8), options: TraceReaderOptions())
        for tail in ["9223372036854775808", "00", "01", "1e3", "-0"] {
            expectSame(
                Array((text + #"{"t":\#(tail),"event":"finished"}"# + "\n").utf8), options: TraceReaderOptions(),
                "t \(tail)")
        }
    }

    @Test func missingFilesDirectoriesAndEmptyFilesGiveTheReadersErrors() throws {
        let directory = NSTemporaryDirectory() + "/scan-dir-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let empty = directory + "/empty.jsonl"
        _ = FileManager.default.createFile(atPath: empty, contents: Data("\n  \n".utf8))
        for path in [directory + "/missing.jsonl", directory, empty] {
            var expected: String?
            do { _ = try TraceReader(path: path) } catch { expected = error.description }
            var actual: String?
            do { _ = try TraceScan.summary(path: path) } catch { actual = error.description }
            #expect(actual != nil)
            #expect(actual == expected)
        }
    }
}
