// libFuzzer target: any bytes as a trace. The reader must return events or
// a TraceReadError, never crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let options = TraceReaderOptions(maximumLineLength: 1 << 16, maximumDepth: 64, chunkSize: 4096)
    guard let reader = try? TraceReader(bytes: bytes, name: "fuzz", options: options) else { return 0 }
    var decode = true
    while let head = try? reader.nextHead() {
        if head.kind == .value {
            // Alternate the two ways of reading a value; both must agree the bytes are JSON.
            if decode { _ = try? reader.decodeValue() } else { _ = reader.rawValue().value }
            decode.toggle()
        }
    }
    _ = reader.status
    return 0
}
