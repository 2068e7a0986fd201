extension TraceLookahead {
    /// The ``TextStore``s the texts of a lookahead's events are kept in,
    /// oldest first, each with the index of the first event it may hold a
    /// text of, and the ``Rare`` objects of those events: an event points
    /// into a store, and at its object, without holding them (copying it
    /// counts no reference), so they are held here, while an event of
    /// theirs may still be used.
    ///
    /// Events are numbered in the order their texts are kept, so a store
    /// holds no text of an event at or after the next store's first: once
    /// the first event still in use is there, the older store is let go of.
    struct KeptStores {
        /// A store, the index of the first event it may hold a text of, and
        /// the rare objects of the events kept while it was the newest.
        typealias Kept = (store: TextStore, first: Int, rares: [Rare])

        private(set) var stores: [Kept]
        /// The store texts are kept in (the last of ``stores``).
        private var current: TextStore

        /// Stores whose first event is `first`.
        init(first: Int) {
            current = TextStore()
            stores = [(current, first, [])]
        }

        /// Keeps `bytes` (at most ``CompactBytes/keptBytes``), the text of
        /// event `index`: where they are kept, in the store being filled or a
        /// new one.
        mutating func keep(_ bytes: UnsafeRawBufferPointer, index: Int) -> UnsafeRawPointer? {
            if let start = current.keep(bytes) { return start }
            startStore(first: index)
            return current.keep(bytes)
        }

        /// Keeps texts from event `first` on in a new store.
        mutating func startStore(first: Int) {
            current = TextStore()
            stores.append((current, first, []))
        }

        /// Holds `rare`, the object of an event kept last or earlier: with the
        /// newest store, let go of no sooner than the event's own.
        mutating func hold(_ rare: Rare) -> Rare {
            stores[stores.count - 1].rares.append(rare)
            return rare
        }

        /// Hands all stores over to another thread's lookahead (with the
        /// events pointing into them), keeping a new one from event `first` on.
        mutating func handOver(first: Int) -> [Kept] {
            let handed = stores
            current = TextStore()
            stores = [(current, first, [])]
            return handed
        }

        /// Holds stores another lookahead handed over, newer than all here
        /// (a lookahead that takes them keeps no text of its own after).
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
