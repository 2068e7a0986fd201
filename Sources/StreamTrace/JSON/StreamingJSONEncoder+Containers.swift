/// The containers of ``StreamingJSONEncoder``, each writing straight into the encoder's output.
extension StreamingJSONEncoder {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: StreamingJSONEncoder
        let frame: Int
        let id: Int
        var codingPath: [any CodingKey] { encoder.codingPath }

        func member(_ key: Key) throws {
            try encoder.beginMember(frame: frame, id: id)
            encoder.writeKey(key)
        }

        func write(_ leaf: some JSONLeaf, forKey key: Key) throws {
            try member(key)
            leaf.write(to: &encoder.output)
        }

        mutating func encodeNil(forKey key: Key) throws {
            try member(key)
            encoder.output.append("null")
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try write(value, forKey: key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try member(key)
            encoder.codingPath.append(key)
            defer { encoder.codingPath.removeLast() }
            try encoder.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            try? member(key)
            return encoder.openObject(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            try? member(key)
            return encoder.openArray()
        }
        mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer, ValueWritingContainer {
        let encoder: StreamingJSONEncoder
        let frame: Int
        let id: Int
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { frame < encoder.frames.count ? encoder.frames[frame].count : 0 }

        func beginValue() throws { try encoder.beginMember(frame: frame, id: id) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            try? beginValue()
            return encoder.openObject(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            try? beginValue()
            return encoder.openArray()
        }
        mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
    }

    struct SingleValueContainer: SingleValueEncodingContainer, ValueWritingContainer {
        let encoder: StreamingJSONEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        func beginValue() throws { try encoder.markSingleValueWritten() }
    }
}

/// What the unkeyed and single value containers share: values written in turn, each after `beginValue()` (a
/// separator, or the check that a single value is written once).
protocol ValueWritingContainer {
    var encoder: StreamingJSONEncoder { get }
    func beginValue() throws
}

extension ValueWritingContainer {
    func write(_ leaf: some JSONLeaf) throws {
        try beginValue()
        leaf.write(to: &encoder.output)
    }

    mutating func encodeNil() throws {
        try beginValue()
        encoder.output.append("null")
    }
    mutating func encode(_ value: Bool) throws { try write(value) }
    mutating func encode(_ value: String) throws { try write(value) }
    mutating func encode(_ value: Double) throws { try write(value) }
    mutating func encode(_ value: Int) throws { try write(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try beginValue()
        try encoder.encode(value)
    }
}

/// An encoder for `superEncoder()`, which writing in order cannot support:
/// any use of it fails, and the value is then written as its description.
struct UnsupportedEncoder: Encoder {
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Failing<Key>(codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Failing<AnyKey>(codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Failing<AnyKey>(codingPath: codingPath) }

    static func failure(_ path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            "", EncodingError.Context(codingPath: path, debugDescription: "superEncoder() is not supported"))
    }

    /// Every container of the encoder, keyed, unkeyed or single: each write throws.
    struct Failing<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
        SingleValueEncodingContainer
    {
        var codingPath: [any CodingKey]
        var count: Int { 0 }
        mutating func encodeNil() throws { throw failure(codingPath) }
        mutating func encode<T: Encodable>(_ value: T) throws { throw failure(codingPath) }
        mutating func encodeNil(forKey key: Key) throws { throw failure(codingPath) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw failure(codingPath) }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type) -> KeyedEncodingContainer<N> {
            KeyedEncodingContainer(Failing<N>(codingPath: codingPath))
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type, forKey key: Key) -> KeyedEncodingContainer<
            N
        > {
            KeyedEncodingContainer(Failing<N>(codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
    }
}

/// Dictionaries encode their entries sorted by key, so that two runs give the same bytes whatever the hash seed.
protocol SortedKeysEncodable {
    func encodeSortedEntries(to encoder: StreamingJSONEncoder) throws
}

extension Dictionary: SortedKeysEncodable where Key: CodingKeyRepresentable, Value: Encodable {
    func encodeSortedEntries(to encoder: StreamingJSONEncoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in self.map({ ($0.key.codingKey.stringValue, $0.value) }).sorted(by: {
            $0.0.precedesExactly($1.0)
        }) {
            try container.encode(value, forKey: AnyKey(stringValue: key))
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = String(intValue) }
}
