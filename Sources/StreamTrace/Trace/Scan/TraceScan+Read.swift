#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a whole read ended: what ``TraceReader`` knows after its last event.
package struct TraceReadEnd: Sendable {
    package var header: TraceHeader
    package var status: TraceStatus
    package var warnings: [TraceReadWarning]
    package var eventCount: Int
}

extension ScanSource {
    /// The same source, read only over `range` (a file's or memory's).
    func restricted(to range: Range<Int>) -> ScanSource {
        switch self {
        case .file(let fd, _): .file(fd: fd, range: range)
        case .memory(let bytes, _): .memory(bytes, range: range)
        case .stream, .reading: self
        }
    }
}

extension TraceScan {
    /// Reads the whole trace from an open descriptor (its current offset;
    /// not closed) into `sink`, event by event in file order: a regular
    /// file in blocks on every core (``OrderedScan``), a stream in one
    /// sequential pass. A malformed line anywhere throws the error
    /// ``TraceReader`` would; the events before it were taken, but for a
    /// file read in blocks only those of the blocks before its own.
    package static func read<Sink: TraceEventSink>(
        fileDescriptor fd: Int32, name: String, options: TraceScanOptions = TraceScanOptions(), into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        try read(source(of: fd), name: name, options: options, into: &sink)
    }

    /// The same over bytes in memory, read as a file is (tests, fuzzing).
    package static func read<Sink: TraceEventSink>(
        bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions(),
        into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TraceReadError) in
                try read(.memory(raw, range: 0..<raw.count), name: name, options: options, into: &sink)
            }
        }
        return try result.get()
    }

    static func read<Sink: TraceEventSink>(
        _ source: ScanSource, name: String, options: TraceScanOptions, into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        var scanner = TraceScanner(source: source, options: options.reader, readSize: options.readSize)
        let header = try scanner.readHeader(file: name)
        var merger = ChunkMerger(file: name, lineOffset: scanner.report.lineCount)
        let start = scanner.buffer.startOffset
        let end: Int
        switch source {
        case .file(_, let range), .memory(_, let range): end = range.upperBound
        case .stream, .reading: end = start
        }
        if options.parallelism > 1, end - start >= options.minimumChunkBytes {
            merger = try OrderedScan.run(source, from: start, end: end, merger: merger, options: options, into: &sink)
        } else {
            // Sequentially, going on from the header with the same buffer.
            scanner.report = ChunkReport()
            let lineOffset = merger.lineOffset
            while sink.wantsMore, var event = scanner.nextEvent(beforeRefill: { sink.bufferWillChange() }) {
                event.line += lineOffset
                sink.take(event)
            }
            sink.bufferWillChange()
            try merger.merge(scanner.report) { _, _ in }
        }
        return TraceReadEnd(
            header: header, status: merger.status, warnings: merger.warnings, eventCount: merger.eventCount)
    }
}
