#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

package struct TraceScanOptions: Sendable {
    package var reader: TraceReaderOptions
    /// How many threads read a large regular file in blocks, at most one an active processor (1: read in one pass).
    package var parallelism: Int
    /// Bytes per read, and about a block's bytes; a buffer holds one read plus an unfinished line. 256 KiB: a read the
    /// kernel has just copied in is still in the core's own cache when it is scanned (docs/performance.md).
    package var readSize: Int
    /// Below this many bytes of events a file is read in one pass (blocks cost threads and a seek each).
    package var minimumChunkBytes: Int

    package init(
        reader: TraceReaderOptions = TraceReaderOptions(),
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        readSize: Int = 1 << 18, minimumChunkBytes: Int = 8 << 20
    ) {
        self.reader = reader
        self.parallelism = max(parallelism, 1)
        self.readSize = max(readSize, 1)
        self.minimumChunkBytes = max(minimumChunkBytes, 1)
    }
}

/// What a scan found: the header, status, warnings and event count a ``TraceReader`` reading the whole trace would
/// find, and the consumer fed every event in order (none for a read into a sink, ``TraceReadEnd``).
package struct TraceScanResult<Consumer> {
    package var header: TraceHeader
    package var status: TraceStatus
    package var warnings: [TraceReadWarning]
    package var eventCount: Int
    package var consumer: Consumer
}

/// Reads a whole trace as fast as the disk allows: a regular file split at line boundaries into chunks, scanned in
/// parallel by ``TraceScanner``s and merged in order (``ChunkMerger``); standard input and FIFOs in one sequential
/// pass. Every line is checked as ``TraceReader`` checks it, and a malformed trace throws the reader's first error.
///
/// ```swift
/// let scan = try TraceScan.summary(path: "big.jsonl")
/// print(scan.status, scan.consumer.elementCount)
/// ```
package enum TraceScan {
    /// A ``TraceScanSummary`` scan of the trace at `path` (`-` is standard input), specialized here: a generic call
    /// from another module runs unspecialized.
    package static func summary(
        path: String, options: TraceScanOptions = TraceScanOptions()
    ) throws(TraceReadError) -> TraceScanResult<TraceScanSummary> {
        if path == "-" { return try scan(fileDescriptor: 0, name: "<stdin>", options: options) { TraceScanSummary() } }
        let fd = try TraceFile.open(path)
        defer { close(fd) }
        return try scan(fileDescriptor: fd, name: path, options: options) { TraceScanSummary() }
    }

    /// Scans from an open descriptor (not closed): a regular file from its current offset in parallel, else in order.
    package static func scan<C: TraceScanConsumer>(
        fileDescriptor fd: Int32, name: String, options: TraceScanOptions = TraceScanOptions(), makeConsumer: () -> C
    ) throws(TraceReadError) -> TraceScanResult<C> {
        try run(source(of: fd), name: name, options: options, makeConsumer: makeConsumer)
    }

    /// A regular file from its current offset to its end, else a stream.
    static func source(of fd: Int32) -> ScanSource {
        var info = stat()
        let offset = lseek(fd, 0, SEEK_CUR)
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, offset >= 0 else { return .stream(fd: fd) }
        return .file(fd: fd, range: Int(offset)..<Int(info.st_size))
    }

    static func run<C: TraceScanConsumer>(
        _ source: ScanSource, name: String, options: TraceScanOptions, makeConsumer: () -> C
    ) throws(TraceReadError) -> TraceScanResult<C> {
        var scanner = TraceScanner(source: source, options: options.reader, readSize: options.readSize)
        var (header, merger, blocks) = try open(&scanner, source, name: name, options: options)
        var total = makeConsumer()
        if let blocks {
            try OrderedScan.scan(
                source, blocks, merger: &merger, options: options, makeConsumer: makeConsumer, into: &total)
        } else {
            var consumer = makeConsumer()
            scanner.scan(into: &consumer)
            try merger.merge(scanner.report) { total.append(consumer, eventOffset: $0, lineOffset: $1) }
        }
        return merger.result(header: header, total)
    }

    /// Reads the header with `scanner`. The events after it are read in blocks on every core (``OrderedScan``) when
    /// they are the `blocks` of a regular file (or memory) large enough; else, when `blocks` is `nil`, by `scanner`, in
    /// one pass with the header's buffer.
    private static func open(
        _ scanner: inout TraceScanner, _ source: ScanSource, name: String, options: TraceScanOptions
    ) throws(TraceReadError) -> (header: TraceHeader, merger: ChunkMerger, blocks: Range<Int>?) {
        let header = try scanner.readHeader(file: name)
        let merger = ChunkMerger(file: name, lineOffset: scanner.report.lineCount)
        scanner.report = ChunkReport()
        let start = scanner.buffer.startOffset
        guard let range = source.range, options.parallelism > 1, range.upperBound - start >= options.minimumChunkBytes
        else { return (header, merger, nil) }
        return (header, merger, start..<range.upperBound)
    }
}

/// How a whole read ended: what ``TraceReader`` knows after its last event.
package typealias TraceReadEnd = TraceScanResult<Void>

extension TraceScan {
    /// Reads the whole trace from an open descriptor (from its current offset; not closed) into `sink` in file order:
    /// a regular file in blocks on every core (``OrderedScan``), a stream sequentially. A malformed line throws the
    /// error ``TraceReader`` would, after the events before it (for a file in blocks, those of earlier blocks only).
    package static func read<Sink: TraceEventSink>(
        fileDescriptor fd: Int32, name: String, options: TraceScanOptions = TraceScanOptions(), into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        try read(source(of: fd), name: name, options: options, into: &sink)
    }

    static func read<Sink: TraceEventSink>(
        _ source: ScanSource, name: String, options: TraceScanOptions, into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        var scanner = TraceScanner(source: source, options: options.reader, readSize: options.readSize)
        var (header, merger, blocks) = try open(&scanner, source, name: name, options: options)
        if let blocks {
            try OrderedScan.read(source, blocks, merger: &merger, options: options, into: &sink)
        } else {
            let lineOffset = merger.lineOffset
            while sink.wantsMore, var event = scanner.nextEvent(beforeRefill: { sink.bufferWillChange() }) {
                event.line += lineOffset
                sink.take(event)
            }
            sink.bufferWillChange()
            try merger.merge(scanner.report) { _, _ in }
        }
        return merger.result(header: header, ())
    }
}
