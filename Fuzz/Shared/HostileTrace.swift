// Shared by the libFuzzer targets: traces as a hostile user makes them,
// chosen by the fuzzer's bytes, and the changes that make a second trace
// for `diff`.

/// A trace built from choices: a header (sometimes odd), events of every
/// kind with values from ``HostileJSON``, times that grow, stall, jump or
/// go back, now and then a junk or blank line, `\r\n` line ends, a
/// byte-order mark, a last line cut off mid-write.
struct HostileTrace {
    struct Event {
        var time: Int64
        /// Written instead of `time` when set: `-1`, `1.5`, `"5"`…
        var timeText: String?
        var kind: String
        /// What follows the kind: `,"value":…`, `,"demand":…`, `,"error":…`.
        var payload: [UInt8]
        /// `event` before `t`.
        var reordered = false
        /// A line written as it is (blank or junk), instead of the above.
        var raw: [UInt8]?

        var line: [UInt8] {
            if let raw { return raw }
            let time = Array((timeText ?? String(time)).utf8)
            let kind = Array("\"event\":\"\(kind)\"".utf8)
            let t = Array("\"t\":".utf8) + time
            return [UInt8(ascii: "{")] + (reordered ? kind + [0x2C] + t : t + [0x2C] + kind) + payload
                + [UInt8(ascii: "}")]
        }
    }

    var header: [UInt8] = []
    var events: [Event] = []
    var crlf = false
    var byteOrderMark = false
    /// How many bytes of the last line are cut off, with its line end.
    var cut: Int?

    /// The trace's bytes, as a file holds them.
    var bytes: [UInt8] {
        let end: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        bytes += header
        for event in events { bytes += end + event.line }
        if let cut {
            let last = events.last?.line.count ?? header.count
            bytes.removeLast(min(cut, max(last - 1, 0)))
        } else {
            bytes += end
        }
        return bytes
    }

    static let clocks = ["virtual", "continuous", "suspending", ""]
    static let timeSteps: [Int64] = [0, 0, 1, 1000, 1_000_000, 1_000_000_000, 60_000_000_000, Int64.max / 4]
    static let oddTimes = ["-1", "1.5", "1e3", "\"5\"", "9223372036854775807", "9223372036854775808", "null", "0x10"]
    static let demands = [
        "1", "2", "\"unlimited\"", "0", "-1", "9223372036854775807", "18446744073709551616", "1.5", "\"x\"",
    ]

    /// A trace of up to 40 events, or of a pattern repeated up to 16,384 times.
    static func make(_ json: inout HostileJSON) -> HostileTrace {
        var trace = HostileTrace()
        trace.header = makeHeader(&json)
        trace.crlf = json.input.below(8) == 0
        trace.byteOrderMark = json.input.below(16) == 0
        var time: Int64 = 0
        for _ in 0..<json.input.below(40) where json.hasRoom {
            trace.events.append(makeEvent(&json, after: &time))
        }
        if json.input.below(4) == 0, !trace.events.isEmpty {
            // Many events: the last few again and again, later each time.
            let pattern = trace.events.suffix(1 + json.input.below(4))
            for _ in 0..<(1 << json.input.below(15)) where json.written < json.limit {
                for var event in pattern {
                    time &+= 1000
                    event.time = time
                    trace.events.append(event)
                    json.written += event.line.count
                }
            }
        }
        if json.input.below(6) == 0 { trace.cut = 1 + json.input.below(64) }
        return trace
    }

    static func makeHeader(_ json: inout HostileJSON) -> [UInt8] {
        var header = Array("{\"streamtrace\":1".utf8)
        switch json.input.below(10) {
        case 0:
            header = Array(
                ["{\"streamtrace\":2}", "{\"streamtrace\":1.0}", "{}", "[]", "{\"streamtrace\":\"1\"}"][
                    json.input.below(5)
                ].utf8)
            return header
        case 1: break  // no stream, no clock
        default:
            header += Array(",\"stream\":".utf8)
            json.appendString(to: &header)
            let clock = json.input.below(clocks.count + 1)
            header += Array(",\"clock\":".utf8)
            if clock < clocks.count {
                header += Array("\"\(clocks[clock])\"".utf8)
            } else {
                json.appendString(to: &header)
            }
        }
        switch json.input.below(6) {
        case 0:
            let started = [
                "2026-11-22T10:00:00.123456Z", "2026-11-22T10:00:00Z", "2026-13-40T99:99:99Z", "", "x",
                "2026-11-22T10:00:00.1234567891Z",
            ]
            header += Array(",\"started\":\"\(started[json.input.below(started.count)])\"".utf8)
        case 1: header += Array(",\"at\":\(HostileJSON.numbers[json.input.below(HostileJSON.numbers.count)])".utf8)
        case 2:
            header += Array(",\"meta\":".utf8)
            json.appendValue(to: &header)
        default: break
        }
        return header + [UInt8(ascii: "}")]
    }

    static func makeEvent(_ json: inout HostileJSON, after time: inout Int64) -> Event {
        let step = json.input.next()
        time &+= timeSteps[Int(step) % timeSteps.count]
        var event = Event(time: time, kind: "value", payload: [])
        if step >= 0xF8 { event.timeText = oddTimes[Int(step) % oddTimes.count] }
        switch json.input.below(16) {
        case 7:
            event.kind = "request"
            event.payload = Array(",\"demand\":\(demands[json.input.below(demands.count)])".utf8)
        case 8: event.kind = "subscribe"
        case 9: event.kind = "finished"
        case 10:
            event.kind = "failure"
            event.payload = Array(",\"error\":{\"type\":".utf8)
            json.appendString(to: &event.payload)
            event.payload += Array(",\"message\":".utf8)
            json.appendString(to: &event.payload)
            event.payload.append(UInt8(ascii: "}"))
            if json.input.flag() {
                event.payload += Array(",\"value\":".utf8)
                json.appendValue(to: &event.payload)
            }
        case 11: event.kind = "cancel"
        case 12:
            event.kind = ["tick", "VALUE", "value ", ""][json.input.below(4)]
        case 13:
            event.payload = Array(",\"thread\":".utf8)
            json.appendValue(to: &event.payload)
            event.payload += Array(",\"value\":".utf8)
            json.appendValue(to: &event.payload)
        case 14: event.raw = json.input.flag() ? [] : Array("  \t".utf8)
        case 15: event.raw = json.input.raw(json.input.below(24)).map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        default:
            event.payload = Array(",\"value\":".utf8)
            json.appendValue(to: &event.payload)
        }
        event.reordered = json.input.below(8) == 0
        return event
    }

    /// A second trace for `diff`: this one with a few changes (or none).
    func changed(_ json: inout HostileJSON) -> HostileTrace {
        var other = self
        for _ in 0..<json.input.below(4) {
            let index = events.isEmpty ? 0 : json.input.below(other.events.count + 1)
            let inRange = index < other.events.count
            switch json.input.below(9) {
            case 0 where inRange:
                other.events[index].payload = Array(",\"value\":".utf8)
                json.appendValue(to: &other.events[index].payload)
            case 1 where inRange: other.events.remove(at: index)
            case 2:
                var time = inRange ? other.events[index].time : other.events.last?.time ?? 0
                other.events.insert(Self.makeEvent(&json, after: &time), at: index)
            case 3:
                let shift = Self.timeSteps[json.input.below(Self.timeSteps.count)]
                for later in index..<other.events.count { other.events[later].time &+= shift }
            case 4 where inRange: other.events.insert(other.events[index], at: index)
            case 5 where index + 1 < other.events.count: other.events.swapAt(index, index + 1)
            case 6: other.header = Self.makeHeader(&json)
            case 7: other.cut = other.cut == nil ? 1 + json.input.below(64) : nil
            case 8 where inRange: other.events[index].reordered.toggle()  // the same event
            default: break
            }
        }
        return other
    }
}
