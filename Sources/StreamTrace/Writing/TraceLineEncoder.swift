/// Writes trace lines: compact JSON, keys in the format's order (`t`, `event`, then the payload), so that traces
/// diff cleanly. Values take the fastest path their type allows: strings, integers, floating point and booleans
/// directly, other `Encodable` values through ``StreamingJSONEncoder``, anything else as its description string.
@usableFromInline
package struct TraceLineEncoder<Value, Failure: Error>: Sendable {
    @usableFromInline let kind: ValueKind
    /// For an `Encodable` value of another type: its encoding, the type's conformance and plan found once.
    @usableFromInline let encoding: (any ValueEncoding)?

    @usableFromInline
    enum ValueKind: Sendable {
        case string, int, int64, double, float, bool, json, encodable, description
    }

    @inlinable
    package init() {
        let type = Value.self
        kind =
            if type == String.self { .string } else if type == Int.self { .int } else if type == Int64.self {
                .int64
            } else if type == Double.self { .double } else if type == Float.self { .float } else if type == Bool.self {
                .bool
            } else if type == JSONValue.self { .json } else if type is any Encodable.Type { .encodable } else {
                .description
            }
        encoding = kind == .encodable ? (type as? any Encodable.Type).map { Self.encoding($0) } : nil
    }

    @usableFromInline
    static func encoding<E: Encodable>(_: E.Type) -> any ValueEncoding {
        TypedValueEncoding<E>(plan: StreamingJSONEncoder.Plan(for: E.self))
    }

    /// Appends the header line (without its newline).
    @usableFromInline
    package func encode(_ header: TraceHeader, into out: inout JSONOutput) {
        out.append("{\"streamtrace\":")
        out.write(int: Int64(header.version))
        let strings: [(key: StaticString, value: String?)] = [
            (",\"stream\":", header.stream), (",\"group\":", header.group), (",\"clock\":", header.clock),
            (",\"started\":", header.started),
        ]
        for case (let key, let value?) in strings {
            out.append(key)
            out.write(string: value)
        }
        if let at = header.at {
            out.append(",\"at\":")
            out.write(int: at)
        }
        if let seed = header.seed {
            out.append(",\"seed\":")
            out.write(uint: seed)
        }
        if let meta = header.meta {
            out.append(",\"meta\":")
            out.write(.object(meta))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends one event line (without its newline).
    @inlinable
    package func encode(_ event: RecordedEvent<Value, Failure>, into out: inout JSONOutput) {
        out.append("{\"t\":")
        out.write(int: event.nanoseconds)
        if let sequence = event.sequence {
            out.append(",\"seq\":")
            out.write(int: sequence)
        }
        switch event.event {
        case .subscribe:
            out.append(",\"event\":\"subscribe\"}")
        case .request(let demand):
            out.append(",\"event\":\"request\",\"demand\":")
            switch demand {
            case .unlimited: out.append("\"unlimited\"")
            case .max(let n): out.write(int: Int64(n))
            }
            out.append(UInt8(ascii: "}"))
        case .value(let value):
            out.append(",\"event\":\"value\",\"value\":")
            write(value, into: &out)
            out.append(UInt8(ascii: "}"))
        case .finished:
            out.append(",\"event\":\"finished\"}")
        case .failure(let error):
            Self.writeFailure(error, into: &out)
        case .cancel:
            out.append(",\"event\":\"cancel\"}")
        }
    }

    /// Writes `header` to `sink` as a whole line, using `line` as the buffer.
    @usableFromInline
    package func write(_ header: TraceHeader, to sink: any TraceSink, line: inout JSONOutput) {
        line.removeAll()
        encode(header, into: &line)
        line.buffer.withUnsafeBytes { sink.write(line: $0, isTerminal: false) }
    }

    /// Writes `event` to `sink` as a whole line, using `line` as the buffer.
    @inlinable
    package func write(_ event: RecordedEvent<Value, Failure>, to sink: any TraceSink, line: inout JSONOutput) {
        if hasFixedLine(event.event) { return writeFixed(event, to: sink) }
        line.removeAll()
        encode(event, into: &line)
        line.buffer.withUnsafeBytes { sink.write(line: $0, isTerminal: event.event.isTerminal) }
    }

    @inlinable
    package func write(_ value: Value, into out: inout JSONOutput) {
        func bits<U>(_: U.Type) -> U { unsafeBitCast(value, to: U.self) }
        switch kind {
        case .string: out.write(string: bits(String.self))
        case .int: out.write(int: Int64(bits(Int.self)))
        case .int64: out.write(int: bits(Int64.self))
        case .double: out.write(double: bits(Double.self))
        case .float: out.write(float: bits(Float.self))
        case .bool: out.write(bool: bits(Bool.self))
        case .json: out.write(bits(JSONValue.self))
        case .encodable:
            let mark = out.bytes.count
            if let encoding, !encoding.encode(value, into: &out) {
                out.truncate(to: mark)
                out.write(string: String(describing: value))
            }
        case .description:
            out.write(string: String(describing: value))
        }
    }

    /// Writes a failure's payload: the error's type and description, and the error itself if it is `Encodable`.
    @usableFromInline
    static func writeFailure(_ error: any Error, into out: inout JSONOutput) {
        out.append(",\"event\":\"failure\",\"error\":{\"type\":")
        let failure = error as? TraceFailure
        out.write(string: failure?.type ?? String(describing: type(of: error)))
        out.append(",\"message\":")
        out.write(string: failure?.message ?? String(describing: error))
        out.append(UInt8(ascii: "}"))
        if let failure {
            if let value = failure.value {
                out.append(",\"value\":")
                out.write(value)
            }
        } else if let encodable = error as? any Encodable {
            let mark = out.bytes.count
            out.append(",\"value\":")
            if !encode(encodable, into: &out) { out.truncate(to: mark) }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Encodes with ``StreamingJSONEncoder``; `false` (output partly written) if the value's `encode(to:)` throws.
    @usableFromInline
    static func encode(_ value: any Encodable, into out: inout JSONOutput) -> Bool {
        let encoder = StreamingJSONEncoder(output: out)
        out = JSONOutput(capacity: 0)
        defer { out = encoder.output }
        do {
            try encoder.encode(value)
            return true
        } catch {
            return false
        }
    }
}

/// Encodes the values of one `Encodable` type with ``StreamingJSONEncoder``: a trace writer makes one for its value
/// type, so that the runtime is asked once, not once a value, whether the type is `Encodable` and how to write it.
@usableFromInline
protocol ValueEncoding: Sendable {
    /// Appends `value`, which must be of the type this encoding was made for; `false` (output partly written) if the
    /// value's `encode(to:)` throws.
    func encode<V>(_ value: V, into out: inout JSONOutput) -> Bool
}

final class TypedValueEncoding<E: Encodable>: ValueEncoding, @unchecked Sendable {
    let plan: StreamingJSONEncoder.Plan
    /// An encoder the last value left, reused by the next: a writer writes one value at a time, so taking it costs
    /// an uncontended lock instead of an encoder and its frames allocated and freed each value.
    private var spare: StreamingJSONEncoder?
    private let lock = Lock()

    init(plan: StreamingJSONEncoder.Plan) {
        self.plan = plan
    }

    func encode<V>(_ value: V, into out: inout JSONOutput) -> Bool {
        let encoder = lock.withLock { spare.take() } ?? StreamingJSONEncoder(output: JSONOutput(capacity: 0))
        swap(&encoder.output, &out)
        defer {
            swap(&encoder.output, &out)
            encoder.reset()
            lock.withLock { spare = encoder }
        }
        do {
            try encoder.encode(unsafeBitCast(value, to: E.self), plan: plan)
            return true
        } catch {
            return false
        }
    }
}
