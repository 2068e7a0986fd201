import Foundation
import StreamTrace
import Testing

/// The header's clock origin (`at`), `started` with microseconds, a trace
/// whose clock starts at the subscription, and a folder of traces on one
/// clock (`TraceDirectory`).
@Suite struct TraceClockOriginTests {
    @Test func aRecorderOnATestClockWritesTheClocksReadingAtItsStart() async {
        let clock = TestClock()
        await clock.advance(by: .milliseconds(300))
        let recorder = Recorder<Int, Never>(name: "late", clock: clock)
        #expect(recorder.header.at == 300_000_000)
        #expect(recorder.header.started == nil)
        #expect(recorder.traceText.hasPrefix(#"{"streamtrace":1,"stream":"late","clock":"virtual","at":300000000}"#))
    }

    @Test func aRecorderOnARealClockWritesStartedWithMicrosecondsAndTheClocksReading() throws {
        let recorder = Recorder<Int, Never>(name: "real")
        let header = recorder.header
        let started = try #require(header.started)
        #expect(started.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z/) != nil, "\(started)")
        let at = try #require(header.at)
        #expect(at > 0)
        let line = recorder.traceText.split(separator: "\n")[0]
        #expect(line.hasSuffix(#","started":"\#(started)","at":\#(at)}"#), "\(line)")
    }

    @Test func aClockThatDoesNotTellItsReadingLeavesAtOut() {
        let recorder = Recorder<Int, Never>(clock: ManualClock())
        #expect(recorder.header.at == nil)
        #expect(!recorder.traceText.contains(#""at""#))
    }

    @Test(.enabled(if: tracingSequencesIsAvailable))
    func tracingASequenceStartsItsClockAtTheSubscription() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let clock = TestClock()
        let sink = MemoryTraceSink()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let traced = stream.trace(to: sink, name: "numbers", clock: clock)
        await clock.advance(by: .seconds(2))  // set up long before anyone iterates
        #expect(sink.lines.isEmpty)
        continuation.yield(1)
        continuation.finish()
        var iterator = traced.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == nil)
        #expect(
            sink.lines == [
                #"{"streamtrace":1,"stream":"numbers","clock":"virtual","at":2000000000}"#,
                #"{"t":0,"event":"subscribe"}"#, #"{"t":0,"event":"value","value":1}"#, #"{"t":0,"event":"finished"}"#,
            ])
    }

    @Test func theReaderReadsAtAndRejectsOneThatIsNotAnInteger() throws {
        let trace = try Trace(text: #"{"streamtrace":1,"at":-5,"started":"2026-11-22T10:00:00.123456789Z"}"# + "\n")
        #expect(trace.header.at == -5)
        #expect(trace.header.started == "2026-11-22T10:00:00.123456789Z")
        for bad in [#""5""#, "1.5", "1e3", "99999999999999999999"] {
            let error = #expect(throws: TraceReadError.self) {
                try Trace(text: #"{"streamtrace":1,"at":\#(bad)}"# + "\n", name: "t.jsonl")
            }
            #expect(error?.description.hasPrefix(#"t.jsonl:1:23: "at" must be an integer of nanoseconds"#) == true)
        }
    }

    @Test func startedIsReadWithZeroToNineFractionDigits() {
        #expect(ISO8601.nanoseconds("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601.nanoseconds("1970-01-01T00:00:01.5Z") == 1_500_000_000)
        #expect(ISO8601.nanoseconds("2026-11-22T10:00:00.123456Z") == 1_795_341_600_123_456_000)
        #expect(ISO8601.nanoseconds("2026-11-22T10:00:00.123456789Z") == 1_795_341_600_123_456_789)
        for bad in ["2026-11-22T10:00:00.Z", "2026-11-22T10:00:00.1234567890Z", "2026-11-22 10:00:00Z", "yesterday"] {
            #expect(ISO8601.nanoseconds(bad) == nil, "\(bad)")
        }
    }

    @Test func aFolderOfTracesSharesOneClock() async throws {
        let folder = try temporaryDirectory() + "/checkout"

        let clock = TestClock()
        let traces = try TraceDirectory(path: folder, clock: clock)
        let cart = try traces.recorder(named: "cart", of: Int.self)
        let payments = try traces.recorder(named: "payments", of: String.self)
        cart.receiveSubscription()
        payments.receiveSubscription()
        await clock.advance(by: .milliseconds(5))
        cart.receive(3)
        payments.receive("authorized")

        cart.receive(completion: .finished)
        await clock.advance(by: .milliseconds(5))
        let late = try traces.recorder(named: "payments", of: Int.self)  // a second stream of the same name
        late.receive(completion: .finished)
        payments.receive(completion: .finished)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["cart.jsonl", "payments-2.jsonl", "payments.jsonl"])
        let late2 = try Trace(contentsOf: folder + "/payments-2.jsonl")
        #expect(late2.header.at == 10_000_000)
        let paid = try Trace(contentsOf: folder + "/payments.jsonl")
        #expect(paid.header.at == 0)
        #expect(paid.events.map(\.nanoseconds) == [0, 5_000_000, 10_000_000])
    }

    @Test func streamNamesBecomeSafeFileNames() throws {
        let traces = try TraceDirectory(path: try temporaryDirectory(), clock: ContinuousClock())
        let names = ["search results", "../etc/passwd", "", ".hidden", "café/ø", "a\u{1B}[31m"]
        let files = try names.map { try traces.sink(named: $0).path.split(separator: "/").last.map(String.init) }
        #expect(
            files == [
                "search-results.jsonl", "stream..-etc-passwd.jsonl", "stream.jsonl", "stream.hidden.jsonl",
                "café-ø.jsonl",
                "a-31m.jsonl",
            ])
    }
}

/// Whether `AsyncSequence.trace(to:)` exists on this platform's version.
let tracingSequencesIsAvailable: Bool = {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) { return true }
    return false
}()
