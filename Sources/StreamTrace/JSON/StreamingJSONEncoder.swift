/// Encodes `Encodable` values straight into JSON bytes, in the order the value encodes itself: no intermediate tree,
/// no `JSONEncoder`. Struct keys keep their declaration order; dictionary keys are sorted so that output is
/// deterministic; ``JSONLeaf`` types are written directly. Writing to a container after a container nested in it has
/// closed throws: bytes already written cannot be reordered.
final class StreamingJSONEncoder: Encoder {
    // One thread at a time uses an encoder, never re-entrantly on one property: exclusivity checks would only cost.
    @exclusivity(unchecked) var output: JSONOutput
    @exclusivity(unchecked) var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct Frame {
        var isObject: Bool
        var count: Int
        let id: Int
    }
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    @exclusivity(unchecked) private var nextFrameID = 0
    /// `frames.count` when the value being encoded started.
    @exclusivity(unchecked) private var levelBase = 0
    /// Whether the value being encoded has written anything.
    @exclusivity(unchecked) private var levelWrote = false

    init(output: JSONOutput) {
        self.output = output
    }

    /// Forgets a value's containers, kept if its encoding threw, for the next value.
    func reset() {
        frames.removeAll(keepingCapacity: true)
        codingPath.removeAll(keepingCapacity: true)
        levelBase = 0
        levelWrote = false
    }

    /// How ``encode(_:plan:)`` writes a type: what the runtime says of it, asked once where the caller can keep the
    /// answer (the trace writer keeps its value type's).
    struct Plan: Sendable {
        /// The type itself, when it is a ``JSONLeaf``, found in ``leafTypes`` by identity: cheaper than asking the
        /// runtime whether a type conforms.
        let leaf: (any JSONLeaf.Type)?
        /// Whether the type is a dictionary, whose keys are written sorted.
        let sortsKeys: Bool

        init<T>(for type: T.Type) {
            let identifier = ObjectIdentifier(type)
            leaf = StreamingJSONEncoder.leafTypes.first { ObjectIdentifier($0) == identifier }
            sortsKeys = leaf == nil && type is any SortedKeysEncodable.Type
        }
    }

    /// Encodes one value. On error the output may hold a partial value, which callers restore.
    func encode<T: Encodable>(_ value: T) throws {
        try encode(value, plan: Plan(for: T.self))
    }

    /// Encodes one value as `plan`, made for its type, says.
    func encode<T: Encodable>(_ value: T, plan: Plan) throws {
        if let leaf = plan.leaf {
            func write<Leaf: JSONLeaf>(_: Leaf.Type) { unsafeBitCast(value, to: Leaf.self).write(to: &output) }
            return write(leaf)
        }
        let savedBase = levelBase
        let savedWrote = levelWrote
        levelBase = frames.count
        levelWrote = false
        defer {
            levelBase = savedBase
            levelWrote = savedWrote
        }
        if plan.sortsKeys, let dictionary = value as? any SortedKeysEncodable {
            try dictionary.encodeSortedEntries(to: self)
        } else {
            try value.encode(to: self)
        }
        if !levelWrote { output.append("{}") }
        closeFrames(downTo: levelBase)
    }

    // MARK: Frames

    private func push(isObject: Bool) -> (index: Int, id: Int) {
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        nextFrameID += 1
        frames.append(Frame(isObject: isObject, count: 0, id: nextFrameID))
        return (frames.count - 1, nextFrameID)
    }

    func openObject<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (index, id) = push(isObject: true)
        return KeyedEncodingContainer(KeyedContainer(encoder: self, frame: index, id: id))
    }

    func openArray() -> any UnkeyedEncodingContainer {
        let (index, id) = push(isObject: false)
        return UnkeyedContainer(encoder: self, frame: index, id: id)
    }

    private func closeFrames(downTo count: Int) {
        while frames.count > count {
            let frame = frames.removeLast()
            output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Prepares frame `index` for its next member: closes deeper frames and writes the separator.
    func beginMember(frame index: Int, id: Int) throws {
        guard index < frames.count, frames[index].id == id else {
            throw EncodingError.invalidValue(
                "",
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "StreamTrace encodes in order: a container was written to after it was closed"))
        }
        closeFrames(downTo: index + 1)
        if frames[index].count > 0 { output.append(UInt8(ascii: ",")) }
        frames[index].count += 1
    }

    func writeKey(_ key: some CodingKey) {
        output.write(string: key.stringValue)
        output.append(UInt8(ascii: ":"))
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if frames.count > levelBase, frames[levelBase].isObject {
            return KeyedEncodingContainer(KeyedContainer(encoder: self, frame: levelBase, id: frames[levelBase].id))
        }
        levelWrote = true
        return openObject(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if frames.count > levelBase, !frames[levelBase].isObject {
            return UnkeyedContainer(encoder: self, frame: levelBase, id: frames[levelBase].id)
        }
        levelWrote = true
        return openArray()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    func markSingleValueWritten() throws {
        guard !levelWrote else {
            throw EncodingError.invalidValue(
                "", EncodingError.Context(codingPath: codingPath, debugDescription: "a single value was encoded twice"))
        }
        levelWrote = true
    }
}
