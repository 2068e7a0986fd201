/// How the reader words what it reports: columns, JSON validity, sizes.
extension TraceReader {
    /// The 1-based character column of a byte offset: continuation bytes of
    /// UTF-8 do not count.
    static func column(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var column = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    static func isValidJSON(_ line: UnsafeRawBufferPointer, maximumDepth: Int) -> Bool {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        do {
            try parser.skipValue()
            try parser.expectEnd()
            return true
        } catch {
            return false
        }
    }

    static func formatBytes(_ count: Int) -> String {
        count % (1 << 20) == 0 ? "\(count >> 20) Mi" : count % 1024 == 0 ? "\(count >> 10) Ki" : "\(count) "
    }
}
