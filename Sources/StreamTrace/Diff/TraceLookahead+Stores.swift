extension TraceLookahead {
    /// The ``TextStore``s a lookahead's event texts are kept in, oldest first, each with the index of the first event
    /// it may hold a text of, and the ``Rare`` objects of those events. An event points into a store and at its object
    /// without holding them (copying it counts no reference), so they are held here while an event of theirs may still
    /// be used. Events are numbered in the order their texts are kept, so a store holds no text of an event at or after
    /// the next store's first: once the first event still in use is there, the older store is let go of.
    struct KeptStores {
        /// A store, the index of the first event it may hold a text of, and the rare objects kept while it was newest.
        typealias Kept = (store: TextStore, first: Int, rares: [Rare])

        private(set) var stores: [Kept]
        /// The store texts are kept in (the last of ``stores``).
        private var current: TextStore

        init(first: Int) {
            current = TextStore()
            stores = [(current, first, [])]
        }

        /// Where `bytes`, event `index`'s text (at most ``CompactBytes/keptBytes``), are kept: this store or a new one.
        mutating func keep(_ bytes: UnsafeRawBufferPointer, index: Int) -> UnsafeRawPointer? {
            if let start = current.keep(bytes) { return start }
            current = TextStore()
            stores.append((current, index, []))
            return current.keep(bytes)
        }

        /// Holds `rare` (of an event kept last or earlier) with the newest store: let go of no sooner than its event.
        mutating func hold(_ rare: Rare) -> Rare {
            stores[stores.count - 1].rares.append(rare)
            return rare
        }

        /// Hands all stores (so the events pointing into them) to another thread's lookahead, starting anew at `first`.
        mutating func handOver(first: Int) -> [Kept] {
            defer { self = KeptStores(first: first) }
            return stores
        }

        /// Holds stores another lookahead handed over, newer than all here (the taker keeps no text of its own after).
        mutating func take(_ handed: [Kept]) {
            stores.append(contentsOf: handed)
        }

        /// Lets go of the stores that hold no text of event `firstInUse` or later.
        mutating func release(before firstInUse: Int) {
            var old = 0
            while old + 1 < stores.count, stores[old + 1].first <= firstInUse { old += 1 }
            if old > 0 { stores.removeFirst(old) }
        }
    }
}
