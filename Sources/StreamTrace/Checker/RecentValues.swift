/// The values and locations of the last few elements of a window, for failure messages' recent timelines: one buffer
/// per slot, reused, so that keeping an element copies its bytes and allocates nothing once warm. It holds two more
/// elements than a timeline draws: the one before the first drawn (where its gap starts), and the one a window that
/// starts again just before the latest event may leave out (see ``WindowState``).
///
/// A value longer than ``longest`` is not copied unless it is one of the ``newestWhole`` newest (a window's last
/// element, which `last` passes with), so that a pass holds at most a few lines whatever their length: its place and
/// time are kept, and a timeline read by `check` draws it as `?` where the line reader's reference shows it.
struct RecentValues {
    /// Slots, a power of two: `RecentTimeline.defaultLimit` (6) and two.
    static var capacity: Int { 8 }
    /// The longest value text kept (64 KiB).
    static var longest: Int { 1 << 16 }

    /// Where a slot's element is: its index, location, and its bytes where the scanner holds them (until
    /// ``copyDeferred()``). Trivial, kept in ``heads`` in place: keeping an element writes it with no check that an
    /// array's storage is unique (a call an event).
    private struct Head {
        var index = -1
        var location = EventLocation(index: 0, nanoseconds: 0)
        var deferred: UnsafeRawBufferPointer?
    }

    private struct Slot {
        var bytes: [UInt8] = []
        /// The value was longer than ``RecentValues/longest``: not kept.
        var isTooLong = false
    }

    private var heads = (Head(), Head(), Head(), Head(), Head(), Head(), Head(), Head())
    private var slots = [Slot](repeating: Slot(), count: RecentValues.capacity)
    private var hasDeferred = false
    /// How many of the newest values are kept whatever their length (0 or 1).
    private(set) var newestWhole: Int
    /// The newest element kept.
    private var newest = -1
    /// The copy of the newest value when it is long, shared by the copies of these values (a query's `within` window
    /// starts from the pass's): each keeps it without a copy of its own.
    private let longNewest = LongValue()

    init(newestWhole: Int) {
        self.newestWhole = newestWhole
    }

    private func headAt(_ slot: Int) -> Head {
        withUnsafeBytes(of: heads) { $0.load(fromByteOffset: slot &* MemoryLayout<Head>.stride, as: Head.self) }
    }

    private mutating func setHead(_ slot: Int, _ head: Head) {
        withUnsafeMutableBytes(of: &heads) {
            $0.storeBytes(of: head, toByteOffset: slot &* MemoryLayout<Head>.stride, as: Head.self)
        }
    }

    /// Keeps `value`, element `index`, in place of the oldest, but only where it is: the bytes must stay until
    /// ``copyDeferred()``.
    mutating func keepDeferred(_ value: UnsafeRawBufferPointer, _ location: EventLocation, index: Int) {
        setHead(index & (Self.capacity - 1), Head(index: index, location: location, deferred: value))
        newest = index
        hasDeferred = true
    }

    /// Copies the values kept where they were, before their bytes go.
    mutating func copyDeferred() {
        guard hasDeferred else { return }
        // A long value kept while it was the newest goes (before a newer one is copied) once it is not: a pass holds
        // one whatever the lines.
        dropLong()
        for slot in slots.indices {
            var head = headAt(slot)
            guard let value = head.deferred else { continue }
            let isNewest = head.index > newest - newestWhole
            slots[slot].isTooLong = value.count > Self.longest && !isNewest
            // A slot that held a long value gives its memory back.
            slots[slot].bytes.removeAll(keepingCapacity: slots[slot].bytes.capacity <= Self.longest)
            if slots[slot].isTooLong {
            } else if value.count > Self.longest {
                slots[slot].bytes = longNewest.copy(value, index: head.index)
            } else {
                slots[slot].bytes.append(contentsOf: value)
            }
            head.deferred = nil
            setHead(slot, head)
        }
        if longNewest.index <= newest - newestWhole { longNewest.release() }
        hasDeferred = false
    }

    /// The length of element `index`'s value, if it is still kept.
    func length(_ index: Int) -> Int? {
        guard let head = kept(index) else { return nil }
        if let bytes = head.deferred { return bytes.count }
        let slot = slots[index & (Self.capacity - 1)]
        return slot.isTooLong ? nil : slot.bytes.count
    }

    /// These values as a window that keeps its `count` newest whatever their length keeps them: a long one it need not
    /// keep goes now, not when the window next takes a value (a window over takes none).
    func keeping(newestWhole count: Int) -> RecentValues {
        var copy = self
        copy.newestWhole = count
        copy.dropLong()
        return copy
    }

    private mutating func dropLong() {
        for slot in slots.indices
        where slots[slot].bytes.count > Self.longest && headAt(slot).index <= newest - newestWhole {
            slots[slot].bytes = []
            slots[slot].isTooLong = true
        }
    }

    private func kept(_ index: Int) -> Head? {
        let head = headAt(index & (Self.capacity - 1))
        return index >= 0 && head.index == index ? head : nil
    }

    /// Element `index`'s location, if it is still kept (its value or not).
    func location(_ index: Int) -> EventLocation? {
        kept(index)?.location
    }

    /// Element `index`, if its value is still kept (not when it was too long to keep).
    func value(_ index: Int) -> (RawJSON, EventLocation)? {
        guard let head = kept(index) else { return nil }
        if let bytes = head.deferred { return (RawJSON(validated: Array(bytes)[...]), head.location) }
        let slot = slots[index & (Self.capacity - 1)]
        return slot.isTooLong ? nil : (RawJSON(validated: slot.bytes[...]), head.location)
    }

    /// Keeps a later part's elements too (their indices and locations counted from that part's start), oldest first.
    mutating func append(_ later: RecentValues, elementOffset: Int, shift: (EventLocation) -> EventLocation) {
        var later = later
        later.copyDeferred()
        let kept = later.slots.indices.filter { later.headAt($0).index >= 0 }
            .sorted { later.headAt($0).index < later.headAt($1).index }
        for slot in kept {
            let head = later.headAt(slot)
            let index = head.index + elementOffset
            setHead(index & (Self.capacity - 1), Head(index: index, location: shift(head.location), deferred: nil))
            slots[index & (Self.capacity - 1)] = later.slots[slot]
            newest = index
        }
    }
}

/// One long value's copy and its element index, shared by the copies of a ``RecentValues`` (used by one thread at a
/// time, as its pass).
private final class LongValue {
    private(set) var index = -1
    private var bytes: [UInt8] = []

    /// Element `index`'s copy of `value`: the one already made, else a new one.
    func copy(_ value: UnsafeRawBufferPointer, index: Int) -> [UInt8] {
        if self.index != index {
            bytes = []  // the old copy goes before the new one is made
            bytes = Array(value)
            self.index = index
        }
        return bytes
    }

    func release() {
        bytes = []
        index = -1
    }
}
