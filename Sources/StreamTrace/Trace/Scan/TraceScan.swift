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

/// How ``TraceScan`` reads.
package struct TraceScanOptions: Sendable {
    /// The reader's limits: longest line, deepest nesting.
    package var reader: TraceReaderOptions
    /// How many chunks a large regular file is split into (1: none).
    /// Dispatch scans one per core at a time; the default, 4 per active
    /// processor, keeps every core busy when one is slowed by other work.
    package var parallelism: Int
    /// Bytes per read (default 1 MiB); each chunk's buffer holds one read
    /// plus an unfinished line.
    package var readSize: Int
    /// Below this many bytes of events per chunk, a file is scanned in one
    /// chunk (default 8 MiB: splitting costs a thread start and a seek).
    package var minimumChunkBytes: Int

    package init(
        reader: TraceReaderOptions = TraceReaderOptions(),
        parallelism: Int = 4 * ProcessInfo.processInfo.activeProcessorCount,
        readSize: Int = 1 << 20, minimumChunkBytes: Int = 8 << 20
    ) {
        self.reader = reader
        self.parallelism = max(parallelism, 1)
        self.readSize = max(readSize, 1)
        self.minimumChunkBytes = max(minimumChunkBytes, 1)
    }
}

/// What a scan found: the same header, status, warnings and event count
/// as a ``TraceReader`` that read the whole trace, and the consumer fed
/// every event in order.
package struct TraceScanResult<Consumer: TraceScanConsumer> {
    package var header: TraceHeader
    package var status: TraceStatus
    package var warnings: [TraceReadWarning]
    package var eventCount: Int
    package var consumer: Consumer
}

/// Reads a whole trace as fast as the disk allows: a regular file split at
/// line boundaries into chunks, each read by a ``TraceScanner`` (the one
/// front end, with its fast path), in parallel, and merged in order
/// (``ChunkMerger``). Standard input and FIFOs are read in one sequential
/// pass. Every line is checked as ``TraceReader`` checks it: a malformed
/// trace throws the error the reader would throw first.
///
/// ```swift
/// let scan = try TraceScan.scan(path: "big.jsonl") { TraceScanSummary() }
/// print(scan.status, scan.consumer.elementCount)
/// ```
package enum TraceScan {
    /// Scans the trace at `path` (`-` is standard input).
    package static func scan<C: TraceScanConsumer>(
        path: String, options: TraceScanOptions = TraceScanOptions(), makeConsumer: () -> C
    ) throws(TraceReadError) -> TraceScanResult<C> {
        if path == "-" {
            return try scan(fileDescriptor: 0, name: "<stdin>", options: options, makeConsumer: makeConsumer)
        }
        let fd = try TraceFile.open(path)
        defer { close(fd) }
        return try scan(fileDescriptor: fd, name: path, options: options, makeConsumer: makeConsumer)
    }

    /// What `check finished` and `check count` need, specialized here (a
    /// generic call from another module runs unspecialized).
    package static func summary(
        path: String, options: TraceScanOptions = TraceScanOptions()
    ) throws(TraceReadError) -> TraceScanResult<TraceScanSummary> {
        try scan(path: path, options: options) { TraceScanSummary() }
    }

    /// Scans from an open descriptor (not closed): split and parallel for a
    /// regular file, from its current offset; sequential otherwise.
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

    /// Scans bytes in memory, split like a file (for tests and fuzzing).
    package static func scan<C: TraceScanConsumer>(
        bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions(), makeConsumer: () -> C
    ) throws(TraceReadError) -> TraceScanResult<C> {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TraceReadError) in
                try run(.memory(raw, range: 0..<raw.count), name: name, options: options, makeConsumer: makeConsumer)
            }
        }
        return try result.get()
    }

    static func run<C: TraceScanConsumer>(
        _ source: ScanSource, name: String, options: TraceScanOptions, makeConsumer: () -> C
    ) throws(TraceReadError) -> TraceScanResult<C> {
        var scanner = TraceScanner(source: source, options: options.reader, readSize: options.readSize)
        let header = try scanner.readHeader(file: name)
        var merger = ChunkMerger(file: name, lineOffset: scanner.report.lineCount)
        var total = makeConsumer()
        let chunks = ChunkSplitter.split(source, from: scanner.buffer.startOffset, options: options)
        if chunks.count <= 1 {
            // One chunk: go on from the header with the same buffer.
            scanner.report = ChunkReport()
            var consumer = makeConsumer()
            scanner.scan(into: &consumer)
            try merger.merge(scanner.report, consumer, into: &total)
        } else {
            var consumers = (0..<chunks.count).map { _ in makeConsumer() }
            let reports = ParallelScan.run(chunks, consumers: &consumers, options: options)
            for (report, consumer) in zip(reports, consumers) {
                try merger.merge(report, consumer, into: &total)
            }
        }
        return TraceScanResult(
            header: header, status: merger.status, warnings: merger.warnings, eventCount: merger.eventCount,
            consumer: total)
    }
}

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
