#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension TraceLookahead {
    /// One event read ahead, compact so that it is cheap to copy and to hand from a reading thread to the walk
    /// (``ReadAhead``): kind, time, place, a value's text and its ``CanonicalHash`` once worked out. What few events
    /// have (a demand, an error, a long value's digest, a canonical form once needed) is in one ``Rare`` object.
    struct Event {
        var kind: EventKind
        /// How ``start`` holds a value's text.
        var form = TextForm.none
        var isHashed = false
        var nanoseconds: Int64
        var line: Int
        var index: Int
        /// A value's ``CanonicalHash``, once worked out; only for a value kept whole (a long one compares canonically).
        var valueHash: UInt64 = 0
        /// Where a value's text as read (``TextForm/whole``), or a long one's start (``TextForm/long``), is kept:
        /// ``count`` bytes from ``start``, in a ``TextStore`` the lookahead keeps while the event is in it.
        var start: UnsafeRawPointer?
        var count: Int32 = 0
        /// What few events hold: ``rare``, held not by the event but by the lookahead (``KeptStores/hold(_:)``), as a
        /// plain address so that copying an event counts no reference.
        private var rareAddress: UnsafeMutableRawPointer?

        var rare: Rare? {
            get { rareAddress.map { Unmanaged<Rare>.fromOpaque($0).takeUnretainedValue() } }
            set { rareAddress = newValue.map { Unmanaged.passUnretained($0).toOpaque() } }
        }

        init(kind: EventKind, nanoseconds: Int64, line: Int, index: Int) {
            (self.kind, self.nanoseconds, self.line, self.index) = (kind, nanoseconds, line, index)
        }

        var payload: Payload { rare?.payload ?? .none }

        var canonical: CanonicalJSON? { rare?.canonical }

        /// Keeps a value's canonical form in ``rare``, shared by the copies (it is the same for all).
        mutating func keep(canonical: CanonicalJSON, holdingIn stores: inout KeptStores) {
            if let rare { rare.canonical = canonical } else { rare = stores.hold(Rare(canonical: canonical)) }
        }

        /// The value's text kept (see ``start``), for `body`.
        func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            body(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : Int(count)))
        }

        /// Whether two values' texts are the same as read (a long one's by its digest).
        static func sameText(_ a: Event, _ b: Event) -> Bool {
            switch (a.form, b.form) {
            case (.whole, .whole): a.withBytes { x in b.withBytes { y in sameBytes(x, y) } }
            case (.long, .long): a.rare?.digest == b.rare?.digest
            case (.none, .none): true
            default: false
            }
        }

        static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
            x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
        }

        /// The start of a value's text, enough for ``valueColumns``, for `body`.
        func withShown<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            withBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<min($0.count, shownLength)])) }
        }

        /// The event as the report shows it: `value {"id":1}`, cut.
        var text: String {
            switch (kind, payload) {
            case (.value, _): "value " + withShown { TraceLookahead.shownValue($0) }
            case (_, .demand(let demand)): "request \(demand)"
            case (_, .failure(let failure)): "failure \(failure)"
            default: kind.rawValue
            }
        }
    }

    /// How an ``Event`` holds a value's text.
    enum TextForm: UInt8 {
        /// No value (or none the reader could give).
        case none
        /// Kept whole, up to ``CompactBytes/keptBytes``.
        case whole
        /// Longer: its first bytes, its digest in ``Rare/digest``.
        case long
    }

    /// What few events of a trace hold besides their kind, time and text.
    final class Rare {
        let payload: Payload
        /// A long value's text, digested.
        let digest: CompactBytes?
        var canonical: CanonicalJSON?

        init(payload: Payload = .none, digest: CompactBytes? = nil, canonical: CanonicalJSON? = nil) {
            (self.payload, self.digest, self.canonical) = (payload, digest, canonical)
        }
    }
}
