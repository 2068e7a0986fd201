import Testing

@testable import StreamTrace

@Suite struct RecentRingTests {
    @Test func keepsTheNewestElementsOldestFirstAndCountsTheOthers() {
        var ring = RecentRing<Int>(capacity: 3)
        var pushedOut: [Int] = []
        for k in 0..<8 {
            if let out = ring.append(k) { pushedOut.append(out) }
        }
        #expect(ring.elements == [5, 6, 7])
        #expect(ring.count == 8)
        #expect(ring.passedOver == 5)
        #expect(pushedOut == [0, 1, 2, 3, 4])
    }

    @Test func aRingNotYetFullKeepsEverythingAndPushesNothingOut() {
        var ring = RecentRing<String>(capacity: 4)
        #expect(ring.append("a") == nil)
        #expect(ring.append("b") == nil)
        #expect(ring.elements == ["a", "b"])
        #expect(ring.passedOver == 0)
    }

    @Test func fillingInPlaceGetsTheOldestSlotOnceFull() {
        var ring = RecentRing<[Int]>(capacity: 2)
        var seen: [([Int], Bool)] = []
        for k in 0..<4 {
            ring.append(empty: []) { slot, full in
                seen.append((slot, full))
                slot.append(k)
            }
        }
        // The third append reuses the first slot, the fourth the second: their old contents are still there.
        #expect(seen.map(\.0) == [[], [], [0], [1]])
        #expect(seen.map(\.1) == [false, false, true, true])
        #expect(ring.elements == [[0, 2], [1, 3]])
    }

    @Test func removingAllForgetsTheElementsAndTheCount() {
        var ring = RecentRing<Int>(capacity: 2)
        for k in 0..<5 { ring.append(k) }
        ring.removeAll()
        #expect(ring.elements.isEmpty)
        #expect(ring.count == 0)
        ring.append(9)
        #expect(ring.elements == [9])
    }

    @Test func aCapacityBelowOneKeepsOne() {
        var ring = RecentRing<Int>(capacity: 0)
        ring.append(1)
        ring.append(2)
        #expect(ring.elements == [2])
    }
}
