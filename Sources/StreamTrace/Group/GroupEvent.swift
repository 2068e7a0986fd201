/// One event of a stream recorded in a ``StreamGroup``, as the group's merged recording holds it: which stream, and
/// what happened (a value, or the stream's end), its value as the trace writes it.
///
/// ```swift
/// let event = try group.events.next().get()
/// // event == .value("sw", in: "query")
/// ```
public struct GroupEvent: Sendable, Hashable, CustomStringConvertible {
    /// The stream's name in the group.
    public var stream: String
    /// A value, `finished`, `failure` or `cancel`: what the stream's trace holds, with values and errors as JSON.
    public var event: StreamEvent<JSONValue, TraceFailure>

    /// `event` of the stream `stream`.
    public init(stream: String, event: StreamEvent<JSONValue, TraceFailure>) {
        self.stream = stream
        self.event = event
    }

    /// `value` published by `stream`.
    public static func value(_ value: JSONValue, in stream: String) -> GroupEvent {
        GroupEvent(stream: stream, event: .value(value))
    }

    /// `stream` finished.
    public static func finished(_ stream: String) -> GroupEvent {
        GroupEvent(stream: stream, event: .finished)
    }

    /// `query:"sw"`, `query:finished`: the stream's name, then its value's JSON or the end.
    public var description: String {
        switch event {
        case .value(let value): "\(stream):\(value.jsonText)"
        case .failure(let failure): "\(stream):failure(\(failure.type))"
        default: "\(stream):\(event.kind)"
        }
    }

    /// The event as a group's merged trace writes it, and as queries over a folder read it:
    /// `{"stream":"query","event":"value","value":"sw"}`, `{"stream":"query","event":"finished"}`.
    package var json: JSONValue {
        var entries = [JSONObject.Entry(key: "stream", value: .string(stream))]
        entries.append(JSONObject.Entry(key: "event", value: .string("\(event.kind)")))
        switch event {
        case .value(let value): entries.append(JSONObject.Entry(key: "value", value: value))
        case .failure(let failure):
            let error: JSONValue = ["type": .string(failure.type), "message": .string(failure.message)]
            entries.append(JSONObject.Entry(key: "error", value: error))
        default: break
        }
        return .object(JSONObject(entries))
    }

    /// The event ``json`` wrote, read back (an element of a group read from a folder); `nil` for any other JSON: a
    /// `"stream"` string and an `"event"` (`value` with a `"value"`, `failure` with an `"error"`, `finished`, `cancel`)
    /// and no other key.
    package init?(json: JSONValue) {
        guard case .object(let object) = json, case .string(let stream)? = object["stream"],
            case .string(let kind)? = object["event"]
        else { return nil }
        let event: StreamEvent<JSONValue, TraceFailure>
        switch (EventKind(rawValue: kind), object["value"], object["error"]) {
        case (.value?, let value?, nil): event = .value(value)
        case (.finished?, nil, nil): event = .finished
        case (.cancel?, nil, nil): event = .cancel
        case (.failure?, nil, .object(let error)?):
            guard case .string(let type)? = error["type"], case .string(let message)? = error["message"] else {
                return nil
            }
            event = .failure(TraceFailure(type: type, message: message))
        default: return nil
        }
        guard object.count == (event.kind == .value || event.kind == .failure ? 3 : 2) else { return nil }
        self.init(stream: stream, event: event)
    }
}
