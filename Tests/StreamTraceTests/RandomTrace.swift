/// Random traces for differential tests of the scanner: writer-layout
/// lines with values of every JSON shape (escapes, non-ASCII, nesting,
/// numbers), mixed with the layouts and damage the fast path leaves to
/// the exact parser.
struct RandomTrace {
    /// SplitMix64: reproducible from a seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    var random: Generator

    init(seed: UInt64) { random = Generator(state: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    /// A JSON value, valid, up to `depth` levels of containers.
    mutating func value(depth: Int) -> String {
        switch Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &random) {
        case 0: return String(Int.random(in: -1_000_000...1_000_000, using: &random))
        case 1: return pick(["0", "-0", "1.5", "2.5e-3", "1E+9", "-12.75", "6.02e23", "123456789012345678901234"])
        case 2: return pick(["true", "false", "null"])
        case 3, 4, 5: return string()
        case 6, 7:
            let count = Int.random(in: 0...4, using: &random)
            let members = (0..<count).map { i in "\(string(key: i)):\(value(depth: depth - 1))" }
            return "{" + members.joined(separator: ",") + "}"
        default:
            let count = Int.random(in: 0...4, using: &random)
            return "[" + (0..<count).map { _ in value(depth: depth - 1) }.joined(separator: chance(10) ? " , " : ",")
                + "]"
        }
    }

    /// A string with escapes, non-ASCII and long plain runs.
    mutating func string(key: Int? = nil) -> String {
        if let key, chance(70) { return "\"k\(key)\"" }
        let pieces = [
            "abc", "search result", "caf\u{E9}", "\u{1F600}", "\u{4E2D}\u{6587}", "\\n", "\\\"", "\\\\", "\\t", "\\/",
            "\\u00e9", "\\u0001", "\\ud83d\\ude00", String(repeating: "x", count: 40),
            String(repeating: "long text ", count: 12),
        ]
        let count = Int.random(in: 0...5, using: &random)
        return "\"" + (0..<count).map { _ in pick(pieces) }.joined() + "\""
    }

    /// An event line; mostly in the writer's layout.
    mutating func eventLine(_ t: Int, _ kind: String) -> String {
        var payload = ""
        switch kind {
        case "value": payload = ",\"value\":" + value(depth: 4)
        case "request": payload = ",\"demand\":" + pick(["\"unlimited\"", "1", "25"])
        case "failure":
            payload =
                ",\"error\":{\"type\":\"E\",\"message\":\"boom \\\"x\\\"\"}"
                + (chance(50) ? ",\"value\":" + value(depth: 2) : "")
        default: break
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return "{\"event\":\"\(kind)\",\"t\":\(t)\(payload)}"
        case 1: return "{ \"t\": \(t), \"event\": \"\(kind)\"\(payload) }"
        case 2: return "{\"t\":\(t),\"event\":\"\(kind)\"\(payload),\"thread\":\"main\"}"
        case 3 where kind == "value": return "{\"t\":\(t),\"event\":\"value\",\"value\": \(value(depth: 2))}"
        default: return "{\"t\":\(t),\"event\":\"\(kind)\"\(payload)}"
        }
    }

    /// A valid trace of about `events` events, with blank lines, `\r\n`
    /// and a byte-order mark now and then.
    mutating func trace(events: Int) -> [String] {
        var lines = [(chance(10) ? "\u{FEFF}" : "") + "{\"streamtrace\":1,\"stream\":\"s\",\"clock\":\"virtual\"}"]
        var t = 0
        if chance(70) { lines.append(eventLine(0, "subscribe")) }
        if chance(50) { lines.append(eventLine(t, "request")) }
        for _ in 0..<events {
            t += pick([0, 1, 250, 100_000])
            if chance(3) { lines.append(pick(["", "  ", "\t"])) }
            lines.append(eventLine(t, chance(5) ? "request" : "value"))
        }
        if chance(80) { lines.append(eventLine(t + 5, pick(["finished", "failure", "cancel"]))) }
        if chance(20) { lines.append("") }
        return lines
    }

    /// Damage of every kind the reader reports, at a random line.
    mutating func damage(_ lines: inout [String]) {
        let at = Int.random(in: 1...lines.count, using: &random)
        let bad = pick([
            #"{"t":5,"event":"value","value":[1,2}"#, #"{"t":5,"event":"value","value":"a\qb"}"#,
            #"{"t":5,"event":"value","value":01}"#, #"{"t":5,"event":"value","value":"\ud800"}"#,
            "{\"t\":5,\"event\":\"value\",\"value\":\"\u{1}\"}", #"{"t":5,"event":"bogus"}"#,
            #"{"t":-1,"event":"value","value":1}"#,
            #"{"t":0,"event":"value","value":1}"#, #"{"t":99999999999,"event":"finished"}"#,
            #"{"t":5,"event":"subscribe"}"#,
            #"{"t":5,"event":"value"}"#, #"{"t":5,"event":"value","value":1,"value":2}"#, "[1,2]", "garbage",
            #"{"t":5,"event":"value","value":tru}"#, #"{"t":5,"event":"value","value":1.}"#,
            #"{"t":5,"event":"value","value":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
                + "}",
            #"{"t":5,"event":"value","value":""# + String(repeating: "y", count: 300) + "\"}",
        ])
        lines.insert(bad, at: at)
    }
}
