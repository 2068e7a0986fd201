/// A trace line of bounded length built in caller-owned memory with plain stores and no growth checks: the line of
/// an event with a bounded payload (integers, booleans, requests, subscribe, the ends).
@usableFromInline
struct FixedLine {
    /// The longest such line is 101 bytes: `{"t":`, an `Int64`, `,"seq":`, an `Int64`, `,"event":"request","demand":`,
    /// an `Int`, `}`.
    @usableFromInline static var capacity: Int { 128 }

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

/// Decimal digits of an unsigned integer, eight at a time: the digits of a number below 10⁸ are worked out in one
/// 64-bit register (four lanes of two, then eight of one) and stored at once, with no loop and no table.
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

    /// The eight digits of `value` (below 10⁸, zero-padded) as ASCII, the first digit in the lowest byte.
    @inlinable static func eightDigits(_ value: UInt64) -> UInt64 {
        let high = value / 10_000
        // Lanes of four digits (32-bit), then of two (16-bit): below 10⁴, lane / 100 = (lane · 10486) >> 20, and
        // below 100, lane / 10 = (lane · 103) >> 10; the masks drop what the shifts bring down from the next lane.
        let fours = high | (value &- high &* 10_000) &<< 32
        let hundreds = ((fours &* 10486) &>> 20) & 0x0000_007F_0000_007F
        let pairs = hundreds | (fours &- hundreds &* 100) &<< 16
        let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
        return (tens | (pairs &- tens &* 10) &<< 8) | 0x3030_3030_3030_3030
    }

    /// Stores eight bytes at `destination` (any alignment).
    @inlinable @inline(__always) static func store(_ bytes: UInt64, at destination: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(destination).storeBytes(of: bytes.littleEndian, as: UInt64.self)
    }

    /// Writes the digits of `value` (below 10⁸) at `destination`, which has eight bytes of room; returns how many.
    @inlinable static func writeShort(_ value: UInt64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let count =
            value < 10_000
            ? (value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4))
            : (value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8))
        store(eightDigits(value) &>> (64 &- 8 &* UInt64(truncatingIfNeeded: count)), at: destination)
        return count
    }

    /// Writes `value`'s digits at `destination` (room for 20; may clobber 8 bytes past them); returns the count.
    @inlinable static func write(_ value: UInt64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 100_000_000 { return writeShort(value, to: destination) }
        let high = value / 100_000_000
        var count: Int
        if high < 100_000_000 {
            count = writeShort(high, to: destination)
        } else {
            let top = high / 100_000_000
            count = writeShort(top, to: destination)
            store(eightDigits(high &- top &* 100_000_000), at: destination + count)
            count &+= 8
        }
        store(eightDigits(value &- high &* 100_000_000), at: destination + count)
        return count &+ 8
    }
}

extension TraceLineEncoder {
    /// Whether `event`'s line fits a ``FixedLine``: anything but a failure or a value of unbounded JSON size.
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
        if let sequence = event.sequence {
            out.append(",\"seq\":")
            out.write(int: sequence)
        }
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
