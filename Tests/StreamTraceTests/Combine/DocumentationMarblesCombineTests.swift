#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import StreamTrace
import Testing

/// The Combine doc-comment examples of marbles, run as written.
@Suite struct DocumentationMarblesCombineTests {
    /// TestStream+String.swift: strings on a scheduler without naming the type.
    @Test func testStreamOfStringsOnAScheduler() throws {
        let scheduler = TestScheduler()
        let recorder = TestStream("-a-b|", scheduler: scheduler).publisher.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(4))
        let elements = try recorder.elements.get()  // ["a", "b"]
        #expect(elements == ["a", "b"])
    }

    @Test func testStreamPublisher() throws {
        let scheduler = TestScheduler()
        let input = TestStream<String>("-a-b|", scheduler: scheduler)
        let recorder = input.publisher.map { $0.uppercased() }.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(4))
        let elements = try recorder.elements.get()  // ["A", "B"]
        #expect(elements == ["A", "B"])
    }
}
#endif
