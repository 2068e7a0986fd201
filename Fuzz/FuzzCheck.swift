// libFuzzer target: queries and a trace, separated by the first empty
// line. Parsed queries are evaluated against the trace by the one engine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var split = bytes.count
    for i in 0..<max(bytes.count - 1, 0) where bytes[i] == 0x0A && bytes[i + 1] == 0x0A {
        split = i
        break
    }
    let queryText = String(decoding: bytes[..<split], as: UTF8.self)
    let queries = queryText.split(separator: "\n").prefix(16).compactMap { try? Query(String($0)) }
    let trace = split + 2 <= bytes.count ? Array(bytes[(split + 2)...]) : []
    let options = TraceReaderOptions(maximumLineLength: 1 << 16, maximumDepth: 64, chunkSize: 4096)
    guard let reader = try? TraceReader(bytes: trace, name: "fuzz", options: options),
        let report = try? TraceChecker(queries: queries).evaluations(of: reader)
    else { return 0 }
    for result in report.results { _ = result.summary }
    return 0
}
