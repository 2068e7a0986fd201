/// A stream's error as a trace stores it: the Swift type name and the description, and the error itself as JSON when it
/// was `Encodable`.
public struct TraceFailure: Error, Hashable, CustomStringConvertible {
    /// The error's Swift type name, for example `URLError`.
    public var type: String
    /// The error's description.
    public var message: String
    /// The error encoded as JSON, if the writer could encode it.
    public var value: JSONValue?

    package init(type: String, message: String, value: JSONValue? = nil) {
        self.type = type
        self.message = message
        self.value = value
    }

    /// Describes any error the way a trace records it.
    package init(describing error: any Error) {
        if let failure = error as? TraceFailure {
            self = failure
        } else {
            self.init(type: String(describing: Swift.type(of: error)), message: String(describing: error))
        }
    }

    /// Types and messages compare by their Unicode scalars, as JSON strings do.
    public static func == (lhs: TraceFailure, rhs: TraceFailure) -> Bool {
        lhs.type.isExactly(rhs.type) && lhs.message.isExactly(rhs.message) && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        type.hashExactly(into: &hasher)
        message.hashExactly(into: &hasher)
        hasher.combine(value)
    }

    /// `Type: message`, with what a terminal must not see escaped (see `TerminalText`).
    public var description: String { TerminalText.escaped("\(type): \(message)") }

    /// The error as queries see it.
    package var jsonObject: JSONValue {
        var object = JSONObject([
            .init(key: "type", value: .string(type)), .init(key: "message", value: .string(message)),
        ])
        if let value { object.append(key: "value", value: value) }
        return .object(object)
    }
}

extension JSONOutput {
    /// Writes a failure event's members: `"error":{"type":…,"message":…}`, then `"value"` if the trace holds one.
    mutating func writeMembers(of failure: TraceFailure) {
        append("\"error\":{\"type\":")
        write(string: failure.type)
        append(",\"message\":")
        write(string: failure.message)
        append(UInt8(ascii: "}"))
        if let value = failure.value {
            append(",\"value\":")
            write(value)
        }
    }
}
