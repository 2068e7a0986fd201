import Foundation

/// Writes a large trace in the writer's layout with the values apps
/// record: integers and decimals, strings with escapes and non-ASCII,
/// nested objects and arrays; one request, a terminal `finished`.
/// Written as bytes (fast enough for 2 GB); the reader checks it in the
/// benchmark's old-path run.
enum RealisticTrace {
    /// Writes the trace of `megabytes` at `path` unless it is there.
    @discardableResult
    static func ensure(path: String, megabytes: Int) -> Int {
        let target = megabytes * 1_000_000
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size >= target {
            return size
        }
        return write(path: path, value: { value($0) }, more: { written, _ in written < target })
    }

    /// Writes a trace of `values` values at `path` unless it is there, with
    /// `plus` added to the numbers each value is made from: with 1, a copy
    /// of the trace of as many values in which every value differs (the
    /// same times and other events).
    @discardableResult
    static func ensure(path: String, values: Int, plus: Int) -> Int {
        if FileManager.default.fileExists(atPath: path) { return Measure.fileSize(path) }
        return write(path: path, value: { value($0, plus: plus) }, more: { _, i in i < values })
    }

    /// Writes the `i`th value `value(i)` while `more(bytes written, values written)`, in the writer's layout: the
    /// header, a subscribe, an unlimited request, the values, a `finished`.
    static func write(path: String, value: (Int) -> String, more: (Int, Int) -> Bool) -> Int {
        guard let file = fopen(path + ".partial", "w") else { fatalError("cannot write \(path)") }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 21)
        func line(_ text: String) {
            out.append(contentsOf: text.utf8)
            out.append(0x0A)
        }
        line(
            #"{"streamtrace":1,"stream":"search results","clock":"continuous","started":"2026-11-22T10:00:00.123456Z"}"#
        )
        line(#"{"t":0,"event":"subscribe"}"#)
        line(#"{"t":120000,"event":"request","demand":"unlimited"}"#)
        var written = 0
        var i = 0
        var t = 1_000_000
        while more(written, i) {
            t += 250 + (i % 7) * 1000
            line("{\"t\":\(t),\"event\":\"value\",\"value\":\(value(i))}")
            i += 1
            if out.count >= 1 << 20 {
                written += out.count
                fwrite(out, 1, out.count, file)
                out.removeAll(keepingCapacity: true)
            }
        }
        line("{\"t\":\(t + 5000),\"event\":\"finished\"}")
        fwrite(out, 1, out.count, file)
        fclose(file)
        rename(path + ".partial", path)
        return Measure.fileSize(path)
    }

    /// The `i`th value, its numbers (and the text made from them) moved by `plus`.
    static func value(_ i: Int, plus: Int = 0) -> String {
        let kind = i % 8
        let i = i + plus
        switch kind {
        case 0: return String(i &* 7919 % 1_000_003)
        case 1: return "\(Double(i % 10_000) / 16)"
        case 2: return "\"search result \(i) \\u2013 caf\u{E9} \\\"quoted\\\" C:\\\\path\\nnext line\""
        case 3:
            return
                "{\"id\":\(i),\"user\":{\"name\":\"Ann \\\"A\\\" \u{00D8}stby\",\"tags\":[\"swift\",\"ios\",\"\u{1F680}\"]},"
                + "\"score\":\(Double(i % 1000) / 8),\"ok\":\(i % 3 == 0),\"note\":null}"
        case 4: return "[\(i),\(i + 1),\(i + 2),-\(i % 97),1.5e-3]"
        case 5:
            return
                "{\"query\":\"swift concurrency\",\"page\":\(i % 50),\"results\":[{\"title\":\"Actors\",\"rank\":1},{\"title\":\"Tasks\\tand groups\",\"rank\":2}]}"
        case 6: return "\"\(String(repeating: "lorem ipsum dolor sit amet ", count: 1 + i % 4))\""
        default:
            return "{\"type\":\"tick\",\"at\":\"2026-11-22T10:00:\(10 + i % 50).000Z\",\"values\":[true,false,null]}"
        }
    }
}
