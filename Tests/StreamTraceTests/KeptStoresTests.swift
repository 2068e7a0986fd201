import Testing

@testable import StreamTrace

/// `TraceLookahead.KeptStores`: the texts of events read ahead point into
/// stores held by the lookahead, not by the events. A store is let go of
/// once no event still in use has its text there, never before: the texts
/// of the events in use stay as kept.
@Suite struct KeptStoresTests {
    /// The text of event `index`: 3,000 bytes, 21 to a store.
    static func text(_ index: Int) -> [UInt8] { Array(repeating: UInt8(index % 200 + 32), count: 3_000) }

    static func keptTexts(
        _ indices: ClosedRange<Int>, in stores: inout TraceLookahead.KeptStores
    ) -> [UnsafeRawPointer?] {
        indices.map { index in text(index).withUnsafeBytes { stores.keep($0, index: index) } }
    }

    static func intact(_ starts: [UnsafeRawPointer?], from first: Int) -> Bool {
        (first...starts.count).allSatisfy { index in
            Array(UnsafeRawBufferPointer(start: starts[index - 1], count: 3_000)) == text(index)
        }
    }

    @Test func aStoreIsLetGoOfOnceNoEventInUseIsInIt() {
        var stores = TraceLookahead.KeptStores(first: 1)
        let starts = Self.keptTexts(1...100, in: &stores)
        #expect(stores.stores.map(\.first) == [1, 22, 43, 64, 85])
        weak let oldest = stores.stores[0].store
        weak let second = stores.stores[1].store
        stores.release(before: 21)
        #expect(stores.stores.map(\.first) == [1, 22, 43, 64, 85])
        #expect(Self.intact(starts, from: 21))
        stores.release(before: 22)
        #expect(oldest == nil)
        #expect(second != nil)
        #expect(stores.stores.map(\.first) == [22, 43, 64, 85])
        #expect(Self.intact(starts, from: 22))
        stores.release(before: 101)
        #expect(stores.stores.map(\.first) == [85])
        #expect(Self.intact(starts, from: 85))
    }

    /// A reading thread hands its stores over with each batch; the walk's
    /// lookahead holds them after its own, and lets go of them in turn.
    @Test func storesHandedOverAreHeldAfterTheTakersOwn() {
        var reading = TraceLookahead.KeptStores(first: 1)
        let starts = Self.keptTexts(1...30, in: &reading)
        let handed = reading.handOver(first: 31)
        #expect(handed.map(\.first) == [1, 22])
        #expect(reading.stores.map(\.first) == [31])
        var walk = TraceLookahead.KeptStores(first: 1)
        walk.take(handed)
        #expect(walk.stores.map(\.first) == [1, 1, 22])
        walk.release(before: 22)
        #expect(walk.stores.map(\.first) == [22])
        #expect(Self.intact(starts, from: 22))
    }

    /// An event's rare object (a demand, an error, a long value's digest,
    /// a canonical form) is held with the newest store, so it goes no
    /// sooner than the text of the event.
    @Test func aRareObjectGoesWithTheNewestStoreAtItsEvent() {
        var stores = TraceLookahead.KeptStores(first: 1)
        _ = Self.keptTexts(1...30, in: &stores)
        weak let rare = stores.hold(TraceLookahead.Rare(payload: .demand(.max(3))))
        #expect(rare?.payload == .demand(.max(3)))
        stores.release(before: 30)
        #expect(rare != nil)
        _ = Self.keptTexts(31...50, in: &stores)
        #expect(stores.stores.map(\.first) == [22, 43])
        stores.release(before: 42)
        #expect(rare != nil)
        stores.release(before: 43)
        #expect(rare == nil)
    }
}
