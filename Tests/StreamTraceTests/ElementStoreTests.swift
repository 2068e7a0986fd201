import Testing

@testable import StreamTrace

/// A recording's elements in chunks that never move: every index finds its
/// element, whatever chunk it is in, and every element is released once
/// with the store.
@Suite struct ElementStoreTests {
    @Test func everyIndexFindsTheElementAppendedThere() {
        let store = ElementStore<Int>()
        for value in 0..<100_000 { store.append(value * 3) }
        #expect(store.count == 100_000)
        #expect(store.indices.allSatisfy { store[$0] == $0 * 3 })
        #expect(Array(store[99_990...]) == (99_990..<100_000).map { $0 * 3 })
        #expect(store.last == 299_997)
    }

    @Test func chunksDoubleFromSixteenElements() {
        #expect((0..<6).map(ElementStore<Int>.size(ofChunk:)) == [16, 16, 32, 64, 128, 256])
        let firsts = [0, 16, 32, 64, 128, 256, 512]
        for (chunk, first) in firsts.enumerated() {
            #expect(ElementStore<Int>.position(of: first) == (chunk, 0))
            #expect(
                ElementStore<Int>.position(of: first + ElementStore<Int>.size(ofChunk: chunk) - 1).offset
                    == ElementStore<Int>.size(ofChunk: chunk) - 1)
        }
        #expect(ElementStore<Int>.position(of: 15) == (0, 15))
        #expect(ElementStore<Int>.position(of: 1 << 40) == (37, 0))
    }

    final class Counted {
        static let released = LockedValue(0)
        deinit { Self.released.update { $0 += 1 } }
    }

    @Test func everyElementIsReleasedOnceWithTheStore() {
        let before = Counted.released.current
        do {
            let store = ElementStore<Counted>()
            for _ in 0..<1_000 { store.append(Counted()) }
            #expect(Counted.released.current == before)
        }
        #expect(Counted.released.current == before + 1_000)
    }

    @Test func anEmptyStoreHasNoElementsAndNoLast() {
        let store = ElementStore<String>()
        #expect(store.isEmpty)
        #expect(store.last == nil)
        store.append("a")
        #expect(Array(store) == ["a"])
    }
}
