/// A ``BoundExpectation`` of any expectation type, seen through what it decides: what ``RecorderExpectation`` holds,
/// so that the public API names an expectation by its output (`RecorderExpectation<[Int]>`), not the engine's types.
package protocol AnyBoundExpectation<Output> {
    associatedtype Output
    /// The expectation as written in Swift: `next(2)`, `finished.inverted`.
    var name: String { get }
    /// The recorder it reads, whose trace a test helper attaches to a failure.
    var trace: any RecordedTrace { get }
    func get() throws(RecordingError) -> Output
    func wait(timeout: Duration) throws(RecordingError) -> Output
    func value(timeout: Duration) async throws(RecordingError) -> Output
}
