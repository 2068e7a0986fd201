/// Suspends a task until it is cancelled: a source whose diagram has no end waits so, rather than asleep on its clock
/// (which `run()` would advance to the end of time).
enum Suspension {
    /// Returns once the current task is cancelled (at once if it is): the iteration of a stream nothing ever yields to,
    /// which ends when the task is cancelled.
    static func untilCancelled() async {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        for await _ in stream {}
        // Used after the loop, the continuation lives through it: the stream would end were it released.
        continuation.finish()
    }
}
