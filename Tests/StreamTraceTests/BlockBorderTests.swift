import Foundation
import Testing

@testable import StreamTrace

/// A border between chunks or blocks is the first line start at or after
/// its target, whether the bytes are read from a file (4 KiB, then 64 KiB
/// at a time) or are in memory, and whatever the line's length.
@Suite struct BlockBorderTests {
    /// The first line start at or after `target`: after the first `\n` at
    /// `target - 1` or later, or the end.
    static func expected(_ bytes: [UInt8], _ target: Int) -> Int {
        var position = max(target - 1, 0)
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        return min(position + 1, bytes.count)
    }

    @Test(arguments: [1, 100, 4_095, 4_096, 4_097, 70_000, 140_000])
    func aBorderIsTheNextLineStartInAFileAsInMemory(lineLength: Int) throws {
        // Lines of `lineLength` bytes and short ones, the last without its `\n`.
        var bytes: [UInt8] = []
        for k in 0..<4 {
            bytes += [UInt8](repeating: UInt8(ascii: "a") + UInt8(k), count: lineLength) + [0x0A]
            bytes += Array("{\"t\":\(k)}\n".utf8)
        }
        bytes += Array("tail".utf8)
        let path = try temporaryDirectory() + "/lines"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        // Every 997th offset, and each newline's neighbours.
        var targets: Set<Int> = [0, 1, bytes.count - 1, bytes.count]
        targets.formUnion(stride(from: 0, to: bytes.count, by: 997))
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            targets.formUnion([offset, offset + 1, offset + 2].filter { $0 <= bytes.count })
        }
        try bytes.withUnsafeBytes { raw in
            for target in targets.sorted() {
                let want = Self.expected(bytes, target)
                let file = OrderedScan.lineStart(
                    atOrAfter: target, in: .file(fd: fd, range: 0..<bytes.count), end: bytes.count)
                let memory = OrderedScan.lineStart(
                    atOrAfter: target, in: .memory(raw, range: 0..<bytes.count), end: bytes.count)
                try #require(file == want, "file, target \(target)")
                try #require(memory == want, "memory, target \(target)")
            }
        }
    }
}
