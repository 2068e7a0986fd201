import Testing

@testable import StreamTrace

/// The scanner's buffer: how much memory a reuse asks for.
@Suite struct ScanBufferTests {
    @Test func aReuseAsksForASixteenthMoreThanAReadInWholePages() {
        #expect(ScanBuffer.room(for: 1 << 18) == 278_528)
        #expect(ScanBuffer.room(for: 1) == 4096)
        #expect(ScanBuffer.room(for: 100_000) == 106_496)
    }

    @Test func aBlockAFewBytesLongerThanTheLastKeepsTheBuffersMemory() {
        // Blocks end at a line end after their nominal size: one a line longer than any before must not map (and
        // fault in) a new buffer.
        let bytes = [UInt8](repeating: 0x41, count: 300_000)
        bytes.withUnsafeBytes { raw in
            var buffer = ScanBuffer(
                source: .memory(raw, range: 0..<(1 << 18)), readSize: 1 << 18, maximumLineLength: 1 << 20)
            let base = buffer.base
            for extra in [1, 130, 4000, 16_000] {
                let count = (1 << 18) + extra
                buffer.reuse(for: .memory(raw, range: 0..<count), readSize: count)
                #expect(buffer.base == base, "a block of \(count) bytes")
            }
        }
    }
}
