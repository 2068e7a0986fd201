/// The newest `capacity` elements of a run, and how many came before them: the one ring behind every "recent
/// events" drawing (``RecentTimeline/Builder``, `diff`'s ``RecentEvents`` and ``RecentEventsScan``). `check`'s
/// ``RecentValues`` keeps its values in a fixed ring of its own, indexed by element number on the hot path.
struct RecentRing<Element> {
    let capacity: Int
    private var storage: [Element] = []
    /// How many elements came; the kept ones are the last `count - passedOver`.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    var passedOver: Int { count - storage.count }

    /// The kept elements, oldest first.
    var elements: [Element] { (passedOver..<count).map { storage[$0 % capacity] } }

    /// Keeps `element`; returns the oldest, pushed out, if the ring was full.
    @discardableResult
    mutating func append(_ element: Element) -> Element? {
        var pushedOut: Element?
        append(empty: element) { slot, full in
            if full { pushedOut = slot }
            slot = element
        }
        return pushedOut
    }

    /// Keeps one more element, made by `fill` in its slot: the oldest element's, which it pushes out (`full`), or
    /// a new slot holding `empty`. Filling in place reuses the old element's storage.
    mutating func append(empty: @autoclosure () -> Element, _ fill: (inout Element, _ full: Bool) -> Void) {
        defer { count += 1 }
        guard storage.count == capacity else {
            storage.append(empty())
            fill(&storage[storage.count - 1], false)
            return
        }
        fill(&storage[count % capacity], true)
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        count = 0
    }
}
