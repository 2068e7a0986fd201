import StreamTrace
import Testing

/// `TestStream` as an AsyncSequence on a test clock: cold and hot sources
/// that play their diagram as the clock advances.
@Suite struct TestStreamTests {
    static let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

    static func milliseconds(_ events: [RecordedEvent<Int, any Error>]) -> [String] {
        events.map { event in
            let time = "@\(Double(event.nanoseconds) / 1_000_000)"
            switch event.event {
            case .value(let value): return "\(value)\(time)"
            case .finished: return "|\(time)"
            case .failure(let error): return "#\(error)\(time)"
            case .cancel: return "!\(time)"
            default: return "\(event.event.kind)\(time)"
            }
        }
    }

    @Test func aColdStreamPlaysItsFramesFromItsIteration() async {
        let clock = TestClock()
        let input = TestStream("-a--b-c|", values: Self.values, clock: clock)
        await clock.advance(by: .milliseconds(10))
        let recorder = input.record(clock: clock)
        await clock.advance(by: .milliseconds(6))
        #expect(Self.milliseconds(recorder.events) == ["subscribe@0.0", "1@1.0", "2@4.0", "3@6.0"])
        await clock.advance(by: .milliseconds(1))
        #expect(Self.milliseconds(recorder.events).last == "|@7.0")
    }

    @Test func aHotStreamRunsFromItsCreationAtTheCaretAndALateSubscriberSeesWhatComesAfter() async {
        let clock = TestClock()
        let input = TestStream("-a-^-b-c|", values: Self.values, clock: clock)
        let early = input.record(clock: clock)
        await clock.advance(by: .milliseconds(3))
        let late = input.record(clock: clock)
        await clock.advance(by: .milliseconds(10))
        #expect(Self.milliseconds(early.events) == ["subscribe@0.0", "2@2.0", "3@4.0", "|@5.0"])
        #expect(Self.milliseconds(late.events) == ["subscribe@0.0", "3@1.0", "|@2.0"])
        let afterTheEnd = input.record(clock: clock)
        await clock.advance()
        #expect(Self.milliseconds(afterTheEnd.events) == ["subscribe@0.0", "|@0.0"])
    }

    @Test func aGroupAtFrameZeroArrivesAtOnceAndStringElementsAreTheirCharacter() async {
        let clock = TestClock()
        let recorder = TestStream<String>("(ab)-c|", values: ["c": "see"], clock: clock).record(clock: clock)
        await clock.advance()
        #expect(recorder.events.map(\.nanoseconds) == [0, 0, 0])
        await clock.advance(by: .milliseconds(6))
        let elements = recorder.events.compactMap { event -> String? in
            if case .value(let value) = event.event { return value }
            return nil
        }
        #expect(elements == ["a", "b", "see"])
        #expect(recorder.events.last?.nanoseconds == 6_000_000)
    }

    @Test func theFrameIsAParameter() async {
        let clock = TestClock()
        let recorder = TestStream("-a 15ms b|", values: Self.values, frame: .milliseconds(10), clock: clock)
            .record(clock: clock)
        await clock.advance(by: .seconds(1))
        #expect(Self.milliseconds(recorder.events) == ["subscribe@0.0", "1@10.0", "2@35.0", "|@45.0"])
    }

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    @Test func aFailureThrowsTheGivenErrorAtItsFrameElseOneNamingItsColumn() async {
        let clock = TestClock()
        let given = TestStream("-a#", values: Self.values, error: Boom(), clock: clock).record(clock: clock)
        let unnamed = TestStream("-a-#", values: Self.values, clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        #expect(Self.milliseconds(given.events) == ["subscribe@0.0", "1@1.0", "#boom@2.0"])
        #expect(Self.milliseconds(unnamed.events).last == "#TestStream: '#' at column 4 of -a-#@3.0")
    }

    @Test func aDiagramThatCannotBePlayedThrowsItsErrorAtOnce() async throws {
        let clock = TestClock()
        var iterator = TestStream(unreported: "-a-x|", values: Self.values, clock: clock).makeAsyncIterator()
        await #expect(
            throws: MarbleSyntaxError(diagram: "-a-x|", column: 4, message: "'x' has no value (values has a, b, c)")
        ) {
            _ = try await iterator.next()
        }
        #expect(try await iterator.next() == nil)
        var cancelling = TestStream(unreported: "-a!", values: Self.values, clock: clock).makeAsyncIterator()
        await #expect(throws: MarbleSyntaxError.self) { _ = try await cancelling.next() }
        var unclosed = TestStream(unreported: "-(a", values: Self.values, clock: clock).makeAsyncIterator()
        await #expect(throws: MarbleSyntaxError(diagram: "-(a", column: 2, message: "'(' is never closed")) {
            _ = try await unclosed.next()
        }
    }

    @Test func aStreamWithoutAnEndWaitsUntilCancelledAndRunDoesNotChaseIt() async throws {
        let clock = TestClock()
        let recorder = TestStream("-a--", values: Self.values, clock: clock).record(clock: clock)
        await clock.run()
        #expect(clock.now == .init(offset: .milliseconds(1)))
        #expect(clock.sleeperCount == 0)
        recorder.cancel()
        #expect(Self.milliseconds(recorder.events) == ["subscribe@0.0", "1@1.0", "!@1.0"])
    }
}
