/// A value an expectation passes with, as a query result shows it: JSON.
package protocol QueryValue {
    var queryJSON: RawJSON { get }
}

extension RawJSON: QueryValue {
    package var queryJSON: RawJSON { self }
}

extension Optional: QueryValue where Wrapped == RawJSON {
    package var queryJSON: RawJSON { self ?? .null }
}

extension Array: QueryValue where Element == RawJSON {
    /// The elements' texts as one JSON array, without decoding them.
    package var queryJSON: RawJSON {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(reduce(2) { $0 + $1.bytes.count + 1 })
        for (index, element) in enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element.bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return RawJSON(validated: bytes[...])
    }
}

extension Int: QueryValue {
    package var queryJSON: RawJSON { RawJSON(.number(JSONNumber(self))) }
}

extension TraceFailure: QueryValue {
    /// `{"type", "message"}`, and `"value"` when the trace holds the error as JSON.
    package var queryJSON: RawJSON { RawJSON(jsonObject) }
}

extension StreamCompletion: QueryValue where Failure == TraceFailure {
    /// `"finished"`, or the failure's error object.
    package var queryJSON: RawJSON {
        switch self {
        case .finished: RawJSON("finished")
        case .failure(let failure): failure.queryJSON
        }
    }
}

extension Recording: QueryValue where Element == RawJSON, Failure == TraceFailure {
    /// `{"elements": [...], "completion": ...}`.
    package var queryJSON: RawJSON {
        PartialValue.wrap(Array(output.queryJSON.bytes), completion: completion.queryJSON)
    }
}
