// Shared by the libFuzzer targets (Fuzz/run.sh compiles Fuzz/Shared/ into
// each): the fuzzer's bytes read as a stream of choices.

/// The fuzzer's input as choices: each read takes the next byte, and 0 once
/// the bytes run out, so every input stands for exactly one test case and a
/// short input is a small one.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        self.init(Array(UnsafeBufferPointer(start: data, count: size)))
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 past the end.
    mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        Int(next()) % count
    }

    /// Whether the next byte is odd.
    mutating func flag() -> Bool {
        next() & 1 == 1
    }

    /// Up to `count` of the next bytes, as they are.
    mutating func raw(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(index + count, bytes.count)
        defer { index = end }
        return bytes[index..<end]
    }
}

/// Stops the fuzzer with the input that broke `condition`.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
