#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Parses the header line and the event lines of a trace, checking each
/// against the format's rules. Problems carry the byte offset in the line.
struct TraceLineParser {
    let maximumDepth: Int

    struct Problem: Error {
        var offset: Int
        var message: String
        var kind: TraceReadError.Kind
    }

    /// An event line, its value left as a byte range to decode on demand.
    struct ParsedEvent {
        var nanoseconds: Int64
        var timeOffset: Int
        var kind: EventKind
        var demand: Demand?
        var failure: TraceFailure?
        /// The bytes of `"value"` in the line, validated.
        var valueRange: Range<Int>?
    }

    /// The keys an event line may carry that the reader understands.
    enum Key {
        case t, event, value, demand, error, other
    }

    // MARK: Events

    /// Parses and checks one event line. Values are validated, not built:
    /// see ``decodeValue(_:in:)``.
    func parseEvent(_ line: UnsafeRawBufferPointer) throws(Problem) -> ParsedEvent {
        if let event = parseWriterLayout(line) { return event }
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        var time: Int64?
        var timeOffset = 0
        var kind: EventKind?
        var valueRange: Range<Int>?
        var demand: (JSONValue, Int)?
        var error: (JSONValue, Int)?
        do throws(JSONSyntaxError) {
            try walkObject(&parser, keys: readKey) { (key, keyOffset, parser) throws(JSONSyntaxError) in
                let valueOffset = parser.position
                switch key {
                case .t:
                    guard time == nil else { throw duplicate("t", at: keyOffset) }
                    time = try parseTime(&parser)
                    timeOffset = valueOffset
                case .event:
                    guard kind == nil else { throw duplicate("event", at: keyOffset) }
                    kind = try readKind(&parser)
                case .value:
                    guard valueRange == nil else { throw duplicate("value", at: keyOffset) }
                    try parser.skipValue(depth: 1)
                    valueRange = valueOffset..<parser.position
                case .demand:
                    guard demand == nil else { throw duplicate("demand", at: keyOffset) }
                    demand = (try parser.parseValue(depth: 1), valueOffset)
                case .error:
                    guard error == nil else { throw duplicate("error", at: keyOffset) }
                    error = (try parser.parseValue(depth: 1), valueOffset)
                case .other:
                    try parser.skipValue(depth: 1)
                }
            }
        } catch {
            throw Problem(
                offset: error.offset, message: error.message, kind: error.isRuleViolation ? .invalidEvent : .invalidJSON
            )
        }
        return try complete(
            time: time, timeOffset: timeOffset, kind: kind, valueRange: valueRange, demand: demand, error: error,
            in: line)
    }

    /// Checks that an event has what its kind needs (a time, a kind, the
    /// payload) and reads its demand or error.
    private func complete(
        time: Int64?, timeOffset: Int, kind: EventKind?, valueRange: Range<Int>?, demand: (JSONValue, Int)?,
        error: (JSONValue, Int)?, in line: UnsafeRawBufferPointer
    ) throws(Problem) -> ParsedEvent {
        guard let time else {
            throw Problem(offset: 0, message: "missing \"t\": every event needs a time", kind: .invalidEvent)
        }
        guard let kind else {
            throw Problem(offset: 0, message: "missing \"event\": every event needs a kind", kind: .invalidEvent)
        }
        var event = ParsedEvent(nanoseconds: time, timeOffset: timeOffset, kind: kind, valueRange: valueRange)
        switch kind {
        case .value:
            if valueRange == nil {
                throw Problem(offset: 0, message: "a value event needs a \"value\"", kind: .invalidEvent)
            }
        case .request:
            guard let (demandValue, offset) = demand else {
                throw Problem(offset: 0, message: "a request event needs a \"demand\"", kind: .invalidEvent)
            }
            event.demand = try parseDemand(demandValue, offset: offset)
        case .failure:
            guard let (errorValue, offset) = error else {
                throw Problem(offset: 0, message: "a failure event needs an \"error\"", kind: .invalidEvent)
            }
            let payload = try valueRange.map { range throws(Problem) in try decodeValue(range, in: line) }
            event.failure = try parseFailure(errorValue, value: payload, offset: offset)
        case .subscribe, .finished, .cancel:
            break
        }
        return event
    }

    /// Parses a line laid out exactly as StreamTrace's writer lays it out
    /// (`{"t":N,"event":"value","value":…}`), or returns `nil` to leave the
    /// line to the general parser, which also explains any problem.
    private func parseWriterLayout(_ line: UnsafeRawBufferPointer) -> ParsedEvent? {
        let count = line.count
        guard line.has("{\"t\":", at: 0) else { return nil }
        var index = 5
        var time: Int64 = 0
        while index < count {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (m, o1) = time.multipliedReportingOverflow(by: 10)
            let (sum, o2) = m.addingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { return nil }
            time = sum
            index += 1
        }
        guard index > 5, index == 6 || line[5] != UInt8(ascii: "0"), line.has(",\"event\":\"", at: index) else {
            return nil
        }
        index += 10
        if line.has("value\",\"value\":", at: index) {
            let start = index + 15
            var parser = JSONParser(line, maximumDepth: maximumDepth)
            parser.position = start
            guard (try? parser.skipValue(depth: 1)) != nil, parser.position == count - 1,
                line[count - 1] == UInt8(ascii: "}")
            else { return nil }
            return ParsedEvent(nanoseconds: time, timeOffset: 5, kind: .value, valueRange: start..<(count - 1))
        }
        let rest = UnsafeRawBufferPointer(rebasing: line[index...])
        let kind: EventKind
        if rest.matches("finished\"}") {
            kind = .finished
        } else if rest.matches("subscribe\"}") {
            kind = .subscribe
        } else if rest.matches("cancel\"}") {
            kind = .cancel
        } else {
            return nil
        }
        return ParsedEvent(nanoseconds: time, timeOffset: 5, kind: kind)
    }

    /// Builds the value of a validated byte range.
    func decodeValue(_ range: Range<Int>, in line: UnsafeRawBufferPointer) throws(Problem) -> JSONValue {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        parser.position = range.lowerBound
        do {
            return try parser.parseValue(depth: 1)
        } catch {
            throw Problem(offset: error.offset, message: error.message, kind: .invalidJSON)
        }
    }
}
