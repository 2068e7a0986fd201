/// A trace line of bounded length written into memory the caller owns:
/// plain stores, no growth checks. Lines of events whose payload has a
/// bounded size (integers, booleans, requests, subscribe, the ends) are
/// built here on the stack and handed to the sink as they are.
@usableFromInline
struct FixedLine {
    /// The longest such line: `{"t":` and an `Int64`, `,"event":"request","demand":`
    /// and an `Int`, `}`: 74 bytes.
    @usableFromInline static var capacity: Int { 96 }

    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0

    @inlinable init(_ base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    @inlinable @inline(__always) mutating func append(_ literal: StaticString) {
        (base + count).update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        count &+= literal.utf8CodeUnitCount
    }

    @inlinable @inline(__always) mutating func append(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inlinable mutating func write(int value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        count &+= DecimalText.write(value.magnitude, to: base + count)
    }
}

/// Decimal digits of an unsigned integer, two at a time.
@usableFromInline
enum DecimalText {
    /// How many decimal digits `value` has (1 to 20).
    @inlinable static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10_000 {
            rest /= 10_000
            count &+= 4
        }
        if rest >= 10 { count &+= 1 }
        if rest >= 100 { count &+= 1 }
        if rest >= 1_000 { count &+= 1 }
        return count
    }

    /// Writes the two digits of `pair` (0 to 99) at `destination`.
    @inlinable static func writePair(_ pair: UInt64, to destination: UnsafeMutablePointer<UInt8>) {
        let tens = (pair &* 103) &>> 10  // pair / 10 for pair < 179
        destination[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        destination[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
    }

    /// Writes `value`'s digits at `destination` (room for 20); returns how many.
    @inlinable static func write(_ value: UInt64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let count = digitCount(value)
        var end = count
        var rest = value
        while rest >= 100 {
            let quotient = rest / 100
            end &-= 2
            writePair(rest &- quotient &* 100, to: destination + end)
            rest = quotient
        }
        if rest >= 10 {
            writePair(rest, to: destination)
        } else {
            destination[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        return count
    }
}

extension TraceLineEncoder {
    /// Whether `event`'s line fits a ``FixedLine``: any event but a failure
    /// and the values of types without a bounded JSON form.
    @inlinable
    func hasFixedLine(_ event: StreamEvent<Value, Failure>) -> Bool {
        switch event {
        case .value: kind == .int || kind == .int64 || kind == .bool
        case .failure: false
        default: true
        }
    }

    /// Writes `event`'s line (``hasFixedLine(_:)``) to `sink` from the stack.
    @inlinable
    func writeFixed(_ event: RecordedEvent<Value, Failure>, to sink: any TraceSink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FixedLine.capacity) { buffer in
            var line = FixedLine(buffer.baseAddress!)
            encodeFixed(event, into: &line)
            sink.write(
                line: UnsafeRawBufferPointer(start: line.base, count: line.count), isTerminal: event.event.isTerminal)
        }
    }

    /// The line of an event that ``hasFixedLine(_:)``, as ``encode(_:into:)`` writes it.
    @inlinable
    func encodeFixed(_ event: RecordedEvent<Value, Failure>, into out: inout FixedLine) {
        out.append("{\"t\":")
        out.write(int: event.nanoseconds)
        switch event.event {
        case .subscribe: out.append(",\"event\":\"subscribe\"}")
        case .request(.unlimited): out.append(",\"event\":\"request\",\"demand\":\"unlimited\"}")
        case .request(.max(let n)):
            out.append(",\"event\":\"request\",\"demand\":")
            out.write(int: Int64(n))
            out.append(UInt8(ascii: "}"))
        case .value(let value):
            out.append(",\"event\":\"value\",\"value\":")
            switch kind {
            case .int: out.write(int: Int64(unsafeBitCast(value, to: Int.self)))
            case .int64: out.write(int: unsafeBitCast(value, to: Int64.self))
            default: unsafeBitCast(value, to: Bool.self) ? out.append("true") : out.append("false")
            }
            out.append(UInt8(ascii: "}"))
        case .finished: out.append(",\"event\":\"finished\"}")
        case .cancel: out.append(",\"event\":\"cancel\"}")
        case .failure: preconditionFailure("a failure has no fixed line")
        }
    }
}
