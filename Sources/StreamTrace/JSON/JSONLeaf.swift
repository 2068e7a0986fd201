#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value ``StreamingJSONEncoder`` writes itself instead of going through `Encodable`: the standard library's
/// numbers, `Bool` and `String`, `JSONValue`, and Foundation's `Date` (ISO 8601), `URL` (absolute string), `Data`
/// (base64) and `Decimal`. A conforming type must also be listed in `StreamingJSONEncoder.leafTypes`.
protocol JSONLeaf: Sendable {
    func write(to output: inout JSONOutput)
}

extension JSONLeaf where Self: SignedInteger & FixedWidthInteger {
    func write(to output: inout JSONOutput) { output.write(int: Int64(self)) }
}

extension JSONLeaf where Self: UnsignedInteger & FixedWidthInteger {
    func write(to output: inout JSONOutput) { output.write(uint: UInt64(self)) }
}

extension Int: JSONLeaf {}
extension Int8: JSONLeaf {}
extension Int16: JSONLeaf {}
extension Int32: JSONLeaf {}
extension Int64: JSONLeaf {}
extension UInt: JSONLeaf {}
extension UInt8: JSONLeaf {}
extension UInt16: JSONLeaf {}
extension UInt32: JSONLeaf {}
extension UInt64: JSONLeaf {}

extension StreamingJSONEncoder {
    /// Every type that conforms to ``JSONLeaf``, the most common first.
    static let leafTypes: [any JSONLeaf.Type] = [
        String.self, Int.self, Double.self, Bool.self, Int64.self, Int32.self, Int16.self, Int8.self, UInt.self,
        UInt64.self, UInt32.self, UInt16.self, UInt8.self, Float.self, JSONValue.self, Date.self, URL.self, Data.self,
        Decimal.self,
    ]
}

extension Double: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(double: self) }
}

extension Float: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(float: self) }
}

extension Bool: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(bool: self) }
}

extension String: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(string: self) }
}

extension JSONValue: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(self) }
}

extension Date: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(string: ISO8601.string(from: self)) }
}

extension URL: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(string: absoluteString) }
}

extension Data: JSONLeaf {
    func write(to output: inout JSONOutput) { output.write(string: base64EncodedString()) }
}

extension Decimal: JSONLeaf {
    func write(to output: inout JSONOutput) {
        if isNaN { output.append("\"NaN\"") } else { output.append(raw: description.utf8) }
    }
}
