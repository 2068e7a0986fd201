import Foundation
import StreamTrace
import Testing

@Suite struct TraceRoundTripTests {
    struct Point: Codable, Equatable {
        var x: Int
        var y: Double
        var label: String?
    }

    struct Item: Encodable {
        var id: Int
        var name: String
        var tags: [String: Int]
        var point: Point
        var when: Date
        var link: URL
        var bytes: Data
    }

    /// Not Encodable: written as its description.
    struct Opaque: CustomStringConvertible {
        var description: String { "Opaque<\"7\">" }
    }

    @Test func everyEventKindAndAwkwardValueReadsBackEqual() throws {
        let clock = ManualClock()
        let sink = MemoryTraceSink()
        let recorder = Recorder<JSONValue, TraceFailure>(
            name: "round trip", clock: clock, sink: sink, meta: JSONObject([.init(key: "test", value: "rt")]))
        let values: [JSONValue] = [
            "unicode: é ü 漢字 😀 \u{2028}",
            "escapes: \" \\ / \n \r \t \u{0} \u{1f}",
            ["nested": ["deep": [[], [:], [nil, true, false]], "n": -0.5]],
            .number(JSONNumber(parsing: "123456789012345678901234567890")!),
            .number(JSONNumber(parsing: "-98765432109876543210.125e-300")!),
            -9_223_372_036_854_775_808,
            1.7976931348623157e308,
            .number(JSONNumber(Double.leastNonzeroMagnitude)!),
            "",
            [],
        ]
        recorder.receiveSubscription()
        clock.advance(by: .microseconds(120))
        recorder.receive(request: .unlimited)
        recorder.receive(request: .max(3))
        for value in values {
            clock.advance(by: .nanoseconds(1_000_001))
            recorder.receive(value)
        }
        clock.advance(by: .seconds(2))
        recorder.receive(
            completion: .failure(TraceFailure(type: "URLError", message: "timed \"out\"\n", value: ["code": -1001])))

        let trace = try Trace(bytes: sink.bytes)
        #expect(trace.header == recorder.header)
        #expect(trace.header.stream == "round trip")
        #expect(trace.status == .failed)
        let written = recorder.events
        #expect(trace.events.count == written.count)
        for (read, original) in zip(trace.events, written) {
            #expect(read.event == original.event)
            #expect(read.nanoseconds == original.nanoseconds)
        }
        #expect(trace.elements == values)
        let end: Int64 = 2_000_120_000 + 10 * 1_000_001
        #expect(trace.events.last?.nanoseconds == end)
    }

    @Test func linesAreCompactWithKeysInSpecOrder() throws {
        let clock = ManualClock()
        let sink = MemoryTraceSink()
        let recorder = Recorder<String, MyError>(name: "search", clock: clock, sink: sink)
        recorder.receiveSubscription()
        clock.advance(by: .nanoseconds(120_000))
        recorder.receive(request: .unlimited)
        clock.advance(by: .nanoseconds(1_080_000))
        recorder.receive("foo")
        clock.advance(by: .nanoseconds(1_800_000))
        recorder.receive(completion: .failure(MyError(code: 7)))
        let lines = sink.lines
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix(#"{"streamtrace":1,"stream":"search","clock":"ManualClock","started":""#))
        #expect(
            Array(lines[1...]) == [
                #"{"t":0,"event":"subscribe"}"#,
                #"{"t":120000,"event":"request","demand":"unlimited"}"#,
                #"{"t":1200000,"event":"value","value":"foo"}"#,
                #"{"t":3000000,"event":"failure","error":{"type":"MyError","message":"MyError(code: 7)"},"value":{"code":7}}"#,
            ])
    }

    @Test func encodableValuesKeepDeclarationOrderAndSortDictionaryKeys() throws {
        let sink = MemoryTraceSink()
        let recorder = Recorder<Item, Never>(clock: ManualClock(), sink: sink)
        let item = Item(
            id: 1, name: "x", tags: ["zeta": 1, "alpha": 2, "mid": 3], point: Point(x: -3, y: 0.1, label: nil),
            when: Date(timeIntervalSince1970: 1_795_348_800.5), link: URL(string: "https://example.com/a?b=c")!,
            bytes: Data([0, 1, 2, 250]))
        recorder.receive(item)
        #expect(
            sink.lines[1]
                == #"{"t":0,"event":"value","value":{"id":1,"name":"x","tags":{"alpha":2,"mid":3,"zeta":1},"point":{"x":-3,"y":0.1},"when":"2026-11-22T12:00:00.500Z","link":"https://example.com/a?b=c","bytes":"AAEC+g=="}}"#
        )
    }

    @Test func dictionaryValuesAreWrittenTheSameInEveryRun() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<50).map { ("key\($0)", $0) })
        var lines: Set<String> = []
        for _ in 0..<5 {
            let sink = MemoryTraceSink()
            Recorder<[String: Int], Never>(clock: ManualClock(), sink: sink).receive(dictionary)
            lines.insert(sink.lines[1])
        }
        #expect(lines.count == 1)
        let trace = try Trace(text: "{\"streamtrace\":1}\n" + lines.first! + "\n")
        guard case .object(let object) = trace.elements.first else {
            Issue.record("not an object")
            return
        }
        #expect(object.entries.map(\.key) == dictionary.keys.sorted())
    }

    @Test func scalarsUseTheirFastPathsAndNonFiniteNumbersBecomeStrings() {
        func line<T>(_ value: T) -> String {
            let sink = MemoryTraceSink()
            Recorder<T, Never>(clock: ManualClock(), sink: sink).receive(value)
            return String(sink.lines[1].dropFirst(#"{"t":0,"event":"value","value":"#.count).dropLast())
        }
        #expect(line(42) == "42")
        #expect(line(Int64.min) == "-9223372036854775808")
        #expect(line(UInt64.max) == "18446744073709551615")
        #expect(line(0.1) == "0.1")
        #expect(line(Float(0.1)) == "0.1")
        #expect(line(1e-5) == "1e-05")
        #expect(line(Double.nan) == "\"NaN\"")
        #expect(line(-Double.infinity) == "\"-Infinity\"")
        #expect(line(true) == "true")
        #expect(line(Int8(-5)) == "-5")
        #expect(line(Int16.min) == "-32768")
        #expect(line(Int32(-1)) == "-1")
        #expect(line(UInt(7)) == "7")
        #expect(line(UInt8(250)) == "250")
        #expect(line(UInt16(9)) == "9")
        #expect(line(UInt32.max) == "4294967295")
        #expect(line(Decimal(string: "1.25")!) == "1.25")
        #expect(line([Int8(1), -2]) == "[1,-2]")
        #expect(line(Int?.none) == "null")
        #expect(line([1, 2, 3]) == "[1,2,3]")
        #expect(line(Opaque()) == #""Opaque<\"7\">""#)
    }

    @Test func aNonEncodableErrorIsWrittenWithItsTypeAndDescription() throws {
        let sink = MemoryTraceSink()
        let recorder = Recorder<Int, Boom>(clock: ManualClock(), sink: sink)
        recorder.receive(completion: .failure(Boom()))
        #expect(
            sink.lines[1]
                == #"{"t":0,"event":"failure","error":{"type":"Boom","message":"boom: the \"engine\" stalled"}}"#)
        let trace = try Trace(bytes: sink.bytes)
        #expect(trace.events[0].event == .failure(TraceFailure(type: "Boom", message: "boom: the \"engine\" stalled")))
    }

    @Test func underAVirtualClockTheHeaderOmitsTheWallClockStart() {
        struct VirtualClock: TraceClock {
            var traceName: String { "virtual" }
            var now: ContinuousClock.Instant { ContinuousClock().now }
            var minimumResolution: Duration { .nanoseconds(1) }
            func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}
        }
        let sink = MemoryTraceSink()
        _ = Recorder<Int, Never>(name: "v", clock: VirtualClock(), sink: sink)
        #expect(sink.lines == [#"{"streamtrace":1,"stream":"v","clock":"virtual"}"#])
    }
}
