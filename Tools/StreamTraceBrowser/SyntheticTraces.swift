/// Deterministic synthetic traces for size and speed measurements.
package enum SyntheticTraces {
    /// Three traces, `events` events in all, as JSON Lines text: a fast sensor
    /// (60 %), search results with nested values (30 %), and a heartbeat with
    /// requests (10 %) that is still open. All three share `started`.
    package static func threeLanes(events total: Int = 100_000) -> [(name: String, text: String)] {
        var random = SplitMix64(seed: 0x5EED)
        let sensorCount = total * 6 / 10
        let searchCount = total * 3 / 10
        let heartbeatCount = total - sensorCount - searchCount

        var sensor = header("sensor readings", started: "2026-11-22T10:00:00.000000Z")
        var t: Int64 = 0
        sensor += event(t, "subscribe")
        for i in 0..<(sensorCount - 2) {
            t += 50_000 + Int64(random.next() % 100_000)  // 50–150 µs apart
            let celsius = 20 + Double(random.next() % 1000) / 100
            sensor += event(t, "value", #""value":{"seq":\#(i),"celsius":\#(celsius),"ok":true}"#)
        }
        sensor += event(t + 1_000_000, "finished")

        var search = header("search results", started: "2026-11-22T10:00:00.250000Z")
        t = 0
        search += event(t, "subscribe")
        search += event(t + 20_000, "request", #""demand":"unlimited""#)
        t += 20_000
        let words = ["swift", "swiftui", "stream", "trace", "async", "actor", "sequence", "combine"]
        for i in 0..<(searchCount - 3) {
            t += 100_000 + Int64(random.next() % 300_000)
            let count = Int(random.next() % 4)
            let results = (0..<count).map { _ in "\"\(words[Int(random.next() % UInt64(words.count))])\"" }.joined(
                separator: ",")
            search += event(t, "value", #""value":{"query":"q\#(i)","results":[\#(results)],"page":\#(i % 7)}"#)
        }
        search += event(
            t + 500_000, "failure", #""error":{"type":"URLError","message":"The network connection was lost."}"#)

        var heartbeat = header("heartbeat", started: "2026-11-22T10:00:01.000000Z")
        t = 0
        heartbeat += event(t, "subscribe")
        for i in 0..<(heartbeatCount - 1) {
            t += 200_000 + Int64(random.next() % 1_000_000)
            heartbeat +=
                i % 10 == 0
                ? event(t, "request", #""demand":10"#)
                : event(t, "value", #""value":\#(i)"#)
        }
        return [("sensor.jsonl", sensor), ("search.jsonl", search), ("heartbeat.jsonl", heartbeat)]
    }

    private static func header(_ stream: String, started: String) -> String {
        #"{"streamtrace":1,"stream":"\#(stream)","clock":"continuous","started":"\#(started)"}"# + "\n"
    }

    private static func event(_ t: Int64, _ kind: String, _ payload: String? = nil) -> String {
        #"{"t":\#(t),"event":"\#(kind)""# + (payload.map { "," + $0 } ?? "") + "}\n"
    }
}

/// A small, fast, seedable generator (Steele, Lea, Flood 2014).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
