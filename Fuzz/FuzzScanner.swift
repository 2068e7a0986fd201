// libFuzzer target: any bytes as a trace, read by the fast scanner
// (TraceScan) and by the sequential reader (TraceReader.nextHead()). Both
// must give the same events, values, status and warnings, or the same
// FILE:LINE:COLUMN error — whatever the chunks (1 to 3, borders anywhere)
// and read sizes (1 byte up) — and never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Depth 80 puts the limit past the 64 nested containers the fast path
    // takes (deeper values go to the exact parser); 24 puts it inside.
    for depth in [24, 80] {
        let options = TraceReaderOptions(maximumLineLength: 1 << 12, maximumDepth: depth, chunkSize: 4096)
        let expected = TraceScanReference.sequential(bytes, name: "fuzz", options: options)
        for (parallelism, readSize) in [(1, 1 << 16), (2, 1), (3, 61)] {
            let scan = TraceScanOptions(
                reader: options, parallelism: parallelism, readSize: readSize, minimumChunkBytes: 1)
            let actual = TraceScanReference.scanned(bytes, name: "fuzz", options: scan)
            if actual != expected {
                fatalError(
                    "scanner (\(parallelism) chunks, reads of \(readSize)) read \(actual), reader read \(expected)")
            }
        }
    }
    return 0
}
