import Foundation
import StreamTrace
import Testing

/// One engine decides: a query's expectation, bound to a live `Recorder` fed
/// a trace's events at their times and read with `get()`, decides as
/// `streamtrace check` decides the query on the trace's file: pass or fail,
/// the value, the reason, the message, the details and the event a failure names (a
/// pass's value is all `get()` gives), for every
/// query of a list that shares one cursor, on thousands of generated traces.
@Suite(.cpuBound) struct LiveCheckDifferentialTests {
    /// Queries without `within` (a live wait's window ends at its timeout,
    /// not at a time after the cursor) and without a trailing matcher (a
    /// matcher is the query's, not the expectation's).
    static let queries = [
        "next", "next 2", "prefix 3", "not prefix 2", "single", "last", "count", "elements", "available",
        "completion", "failure", "finished", "not finished", "not next", "recording", "next where > 1",
        "not next where == \"a\"", "every where != 3", "contains where == 2", "not contains where == 0",
        "next where contains {\"ok\":true}", "every where != null", "next 0", "prefix 0", "order a before b",
        "not order a == 1 before b finished",
        // Events 100 ns apart or more: frames of 100 ns and of 1 µs.
        "marbles \"a-b|\" frame 100ns values {\"a\":0,\"b\":1}", "marbles \"(ab)-|\" frame 1us",
    ]

    /// A trace that ends (finished, failed or cancelled): its lines, and
    /// its events as a recorder receives them.
    static func trace(seed: Int) -> [String] {
        var random = RandomTrace(seed: UInt64(seed) &* 48_271)
        var lines = [#"{"streamtrace":1}"#, #"{"t":0,"event":"subscribe"}"#]
        var t = 0
        for _ in 0..<Int.random(in: 0...10, using: &random.random) {
            t += random.pick([0, 100, 250, 1000])
            if random.chance(10) { lines.append(#"{"t":\#(t),"event":"request","demand":1}"#) }
            let value = random.pick(["0", "1", "2", "3", #"{"ok":true,"id":1}"#, #""a""#, "1.0", "null", "[1,2]"])
            lines.append(#"{"t":\#(t),"event":"value","value":\#(value)}"#)
        }
        let end = random.pick([
            #""event":"finished""#, #""event":"cancel""#,
            #""event":"failure","error":{"type":"MyError","message":"boom"}"#,
        ])
        lines.append(#"{"t":\#(t + 100),\#(end)}"#)
        return lines
    }

    /// A recorder on a clock moved by hand, fed the trace's events at their times.
    static func recorder(of lines: [String]) throws -> Recorder<RawJSON, TraceFailure> {
        let clock = ManualClock()
        let recorder = Recorder<RawJSON, TraceFailure>(clock: clock)
        let reader = try TraceReader(bytes: Array(lines.joined(separator: "\n").utf8) + [0x0A])
        var now: Int64 = 0
        while let event = try reader.next() {
            clock.advance(by: .nanoseconds(event.nanoseconds - now))
            now = event.nanoseconds
            switch event.event {
            case .subscribe: recorder.receiveSubscription()
            case .request(let demand): recorder.receive(request: demand)
            case .value(let value): recorder.receive(RawJSON(value))
            case .finished: recorder.receive(completion: .finished)
            case .failure(let failure): recorder.receive(completion: .failure(failure))
            case .cancel: recorder.cancel()
            }
        }
        return recorder
    }

    /// What decided a query: pass and its value, or fail, its reason,
    /// message, the event it names and its details (a marble drawing).
    static func outcome(passed value: RawJSON?, failure: RecordingError?) -> String {
        guard let failure else { return "pass \(value.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "-")" }
        let named = failure.location.map { "event \($0.index) at \($0.nanoseconds)" } ?? "-"
        return "fail \(failure.reason) \(failure.message) \(named)\n\(failure.details ?? "")"
    }

    /// `expectation` read on `recorder` now, as a test would.
    static func live<E: TraceExpectation>(_ expectation: E, on recorder: Recorder<RawJSON, TraceFailure>) -> String {
        switch recorder.expecting(expectation).result() {
        case .success(let value): outcome(passed: expectation.json(value), failure: nil)
        case .failure(let error): outcome(passed: nil, failure: error)
        }
    }

    @Test(arguments: 0..<40)
    func aLiveRecorderDecidesAsCheckDoes(batch: Int) throws {
        for seed in (batch * 50)..<((batch + 1) * 50) {
            let lines = Self.trace(seed: seed)
            let bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
            // Each query alone, and all of them sharing one cursor, in order and reversed.
            for group in Self.queries.map({ [$0] }) + [Self.queries, Self.queries.reversed()] {
                let queries = try group.map { try Query($0) }
                let checked = try TraceChecker(queries: queries).evaluations(of: TraceReader(bytes: bytes)).map {
                    Self.outcome(passed: $0.output, failure: $0.failure)
                }
                let recorder = try Self.recorder(of: lines)
                let live = queries.map { Self.live($0.expectation, on: recorder) }
                guard let index = live.indices.first(where: { live[$0] != checked[$0] }) else { continue }
                Issue.record(
                    "seed \(seed), \(group[index]) (query \(index + 1) of \(group.count)):\n  live  \(live[index])\n  check \(checked[index])\n\(lines.joined(separator: "\n"))"
                )
                return
            }
        }
    }
}
