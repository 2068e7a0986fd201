/// A stream's error as a trace stores it: the Swift type name and the
/// description, and the error itself as JSON when it was `Encodable`.
public struct TraceFailure: Error, Hashable, CustomStringConvertible {
    /// The error's Swift type name, for example `URLError`.
    public var type: String
    /// The error's description.
    public var message: String
    /// The error encoded as JSON, if the writer could encode it.
    public var value: JSONValue?

    public init(type: String, message: String, value: JSONValue? = nil) {
        self.type = type
        self.message = message
        self.value = value
    }

    /// Describes any error the way a trace records it.
    public init(describing error: any Error) {
        if let failure = error as? TraceFailure {
            self = failure
        } else {
            self.init(type: String(describing: Swift.type(of: error)), message: String(describing: error))
        }
    }

    /// `Type: message`.
    public var description: String { "\(type): \(message)" }

    /// The error as queries see it: `{"type", "message"}`, and `"value"`
    /// when the trace holds the error as JSON.
    public var jsonObject: JSONValue {
        var object = JSONObject([
            .init(key: "type", value: .string(type)), .init(key: "message", value: .string(message)),
        ])
        if let value { object.append(key: "value", value: value) }
        return .object(object)
    }
}
