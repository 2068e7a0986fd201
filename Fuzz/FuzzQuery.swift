// libFuzzer target: any text as a query. The parser must return a query or
// a QueryParseError whose column lies within the query (or just after it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let query = try Query(text)
        _ = query.matcher?.matches(.null)
    } catch {
        if error.column < 1 || error.column > text.count + 1 {
            fatalError("column \(error.column) outside \(text.count) characters")
        }
        _ = error.excerpt
    }
    return 0
}
