/// A window that the same expectation already read, in the same wait, and found pending when it held its first
/// ``scannedCount`` elements. An expectation whose pending verdict vouches for every element it read
/// (`every(where:)`: each one matched; `next(where:)`: none after the cursor matched) starts after them, so that a
/// wait over n elements reads each once, not n times. A one-shot read (`get()`, a trace) scans from the start.
package protocol ScannedWindow {
    /// 0 at the expectation's first evaluation in the wait.
    var scannedCount: Int { get }
}

extension EventWindow {
    /// The elements an earlier, pending evaluation of the same expectation read in this wait; 0 for a one-shot read.
    var scannedCount: Int { min((self as? any ScannedWindow)?.scannedCount ?? 0, elementCount) }
}
