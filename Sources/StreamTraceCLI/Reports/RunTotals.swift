/// What a `check` or a `diff` run counted, as far as its exit status goes.
protocol RunTotals {
    /// Traces that could not be read.
    var unreadable: Int { get }
    /// Everything that failed, unreadable traces included.
    var failed: Int { get }
}
