import Foundation
import Testing

@testable import StreamTrace

/// The writer's two ways to a line, built on the stack for events of
/// bounded size and in a growable buffer for the others, write the same
/// bytes; and the sink keeps lines whole whatever their length.
@Suite struct TraceLineEncoderTests {
    static let numbers: [Int64] = [
        0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 9_999, 10_000, 10_001, 123_456_789, 999_999_999_999,
        1_000_000_000_000_000_000, .max, .max - 1, -1, -9, -10, -100, -12_345, .min, .min + 1,
    ]

    /// The line the sink receives, and the line the general encoder builds.
    func lines<V>(_ event: RecordedEvent<V, Never>) -> (sent: String, encoded: String) {
        let encoder = TraceLineEncoder<V, Never>()
        let sink = MemoryTraceSink()
        var scratch = JSONOutput()
        encoder.write(event, to: sink, line: &scratch)
        var encoded = JSONOutput()
        encoder.encode(event, into: &encoded)
        return (sink.lines.joined(separator: "|"), encoded.string)
    }

    @Test func integersAreWrittenAsTheirDescription() {
        var powers: [UInt64] = [0, .max, .max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            powers += [power - 1, power, power + 1]
        }
        for value in powers {
            var out = JSONOutput()
            out.write(uint: value)
            #expect(out.string == String(value))
        }
        for value in Self.numbers {
            var out = JSONOutput()
            out.write(int: value)
            #expect(out.string == String(value))
        }
    }

    /// A value that writes through `superEncoder()`, which in-order encoding cannot support, in one of its ways.
    struct UsesSuperEncoder: Encodable, CustomStringConvertible {
        let way: Int
        var description: String { "way \(way)" }

        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: AnyKey.self)
            let sup = keyed.superEncoder()
            switch way {
            case 0:
                var container = sup.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey(stringValue: "a"))
            case 1:
                var container = sup.unkeyedContainer()
                try container.encode(1)
            case 2:
                var container = sup.singleValueContainer()
                try container.encodeNil()
            default:
                var container = sup.unkeyedContainer()
                var nested = container.nestedContainer(keyedBy: AnyKey.self)
                try nested.encodeNil(forKey: AnyKey(stringValue: "a"))
            }
        }
    }

    @Test func aValueUsingTheSuperEncoderIsWrittenAsItsDescription() {
        for way in 0..<4 {
            let encoder = TraceLineEncoder<UsesSuperEncoder, Never>()
            var out = JSONOutput()
            encoder.write(UsesSuperEncoder(way: way), into: &out)
            #expect(out.string == "\"way \(way)\"")
        }
    }

    struct Item: Encodable {
        var id: Int
        var name: String
        var tags: [String: Int]
    }

    /// The writer's plan for an `Encodable` value type, made once: a leaf type is written as itself, a dictionary
    /// with its keys sorted (at the top and nested), a struct in its declaration order; as when the value arrives
    /// as `any Encodable`, as a failure's value does.
    @Test func anEncodableValueTypesPlanWritesWhatTheGeneralEncoderWrites() {
        func written<V: Encodable>(_ value: V) -> (planned: String, general: String) {
            var planned = JSONOutput()
            TraceLineEncoder<V, Never>().write(value, into: &planned)
            var general = JSONOutput()
            #expect(TraceLineEncoder<V, Never>.encode(value as any Encodable, into: &general))
            return (planned.string, general.string)
        }
        let item = Item(id: 7, name: "a\"b", tags: ["z": 1, "a": 2])
        let itemLine = #"{"id":7,"name":"a\"b","tags":{"a":2,"z":1}}"#
        #expect(written(item) == (itemLine, itemLine))
        #expect(written(["b": 1, "a": 2]) == (#"{"a":2,"b":1}"#, #"{"a":2,"b":1}"#))
        #expect(written(UInt16(9)) == ("9", "9"))
        #expect(written(Decimal(string: "1.25")!) == ("1.25", "1.25"))
        #expect(written([item]).planned == "[" + written(item).planned + "]")
        #expect(written(Optional(3)) == ("3", "3"))
    }

    /// Fails after its first member when `fails`: the encoder it leaves half-way must not reach the next value.
    struct SometimesThrows: Encodable, CustomStringConvertible {
        let fails: Bool
        var description: String { "failed" }

        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: AnyKey.self)
            try keyed.encode(1, forKey: AnyKey(stringValue: "a"))
            var nested = keyed.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "b"))
            if fails { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "fails")) }
            try nested.encode(2, forKey: AnyKey(stringValue: "c"))
        }
    }

    @Test func aValueAfterOneWhoseEncodingThrewIsWrittenWhole() {
        let encoder = TraceLineEncoder<SometimesThrows, Never>()
        for fails in [true, false, true, true, false, false] {
            var out = JSONOutput()
            encoder.write(SometimesThrows(fails: fails), into: &out)
            #expect(out.string == (fails ? #""failed""# : #"{"a":1,"b":{"c":2}}"#))
        }
    }

    @Test func oneWriterEncodesValuesFromManyThreadsAtOnce() {
        let encoder = TraceLineEncoder<Item, Never>()
        let lines = Lines()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<2_000 {
                let id = thread * 10_000 + i
                var out = JSONOutput()
                encoder.write(Item(id: id, name: "t\(thread)", tags: [:]), into: &out)
                if out.string != #"{"id":\#(id),"name":"t\#(thread)","tags":{}}"# { lines.add(out.string) }
            }
        }
        #expect(lines.all == [])
    }

    /// Lines a test collects from many threads.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test func fixedLinesAreTheEncodersLines() {
        for t in Self.numbers {
            let events: [StreamEvent<Int, Never>] = [
                .subscribe, .request(.unlimited), .request(.max(Int(t))), .value(Int(t)), .value(.min), .finished,
                .cancel,
            ]
            for event in events {
                let (sent, encoded) = lines(RecordedEvent(nanoseconds: t, event: event))
                #expect(sent == encoded)
            }
            let (sent64, encoded64) = lines(RecordedEvent<Int64, Never>(nanoseconds: t, event: .value(t)))
            #expect(sent64 == encoded64)
            for flag in [true, false] {
                let (sent, encoded) = lines(RecordedEvent<Bool, Never>(nanoseconds: t, event: .value(flag)))
                #expect(sent == encoded)
            }
        }
        #expect(
            lines(RecordedEvent<Int, Never>(nanoseconds: 1200, event: .value(-42))).sent
                == #"{"t":1200,"event":"value","value":-42}"#)
    }

    @Test func otherValuesGoThroughTheGrowableBuffer() {
        let string = lines(RecordedEvent<String, Never>(nanoseconds: 5, event: .value("a\"b")))
        #expect(string.sent == #"{"t":5,"event":"value","value":"a\"b"}"#)
        #expect(string.sent == string.encoded)
        let double = lines(RecordedEvent<Double, Never>(nanoseconds: 5, event: .value(0.1)))
        #expect(double.sent == #"{"t":5,"event":"value","value":0.1}"#)
    }

    @Test func aLineLongerThanTheBufferIsWrittenWholeInItsPlace() throws {
        let path = temporaryPath("sink-longer-than-its-buffer.jsonl")
        let sink = try FileTraceSink(path: path, bufferSize: 16)
        let long = String(repeating: "x", count: 100)
        for line in ["a", long, "b", String(repeating: "y", count: 15), "c"] {
            Array(line.utf8).withUnsafeBytes { sink.write(line: $0, isTerminal: false) }
        }
        sink.close()
        let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        #expect(text == "a\n\(long)\nb\n\(String(repeating: "y", count: 15))\nc\n")
    }

    /// Every kind of event of `Value`, at times from 0 to beyond 2^32 ns.
    func record<Value>(_ values: [Value], into sink: any TraceSink) {
        let clock = ManualClock()
        let recorder = Recorder<Value, MyError>(clock: clock, sink: sink)
        recorder.receiveSubscription()
        recorder.receive(request: .max(3))
        for (index, value) in values.enumerated() {
            clock.advance(by: .nanoseconds(index * 1_234_567_891))
            recorder.receive(value)
        }
        recorder.receive(request: .unlimited)
        recorder.receive(completion: .failure(MyError(code: 7)))
    }

    @Test(arguments: [16, 97, 98, 200, 64 << 10])
    func aFileSinkGetsTheLinesOfAMemorySinkWhateverItsBufferSize(bufferSize: Int) throws {
        func same<Value>(_ values: [Value]) throws {
            let path = temporaryPath("file-sink-\(Value.self)-\(bufferSize).jsonl")
            let file = try FileTraceSink(path: path, bufferSize: bufferSize)
            let memory = MemoryTraceSink()
            record(values, into: file)
            record(values, into: memory)
            file.close()
            let written = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            func unstarted(_ text: String) -> String {
                text.replacingOccurrences(of: #""started":"[^"]*""#, with: "S", options: .regularExpression)
            }
            #expect(unstarted(written) == unstarted(memory.text))
            #expect(memory.lines.count == values.count + 5)
        }
        try same([0, -1, .max, .min, 42])
        try same([Int64.max, -7])
        try same([true, false])
        try same(["a", String(repeating: "long ", count: 40)])
    }

    @Test func anElementsLocationCountsTheOtherEventsBeforeIt() throws {
        let recorder = Recorder<Int, Never>(clock: ManualClock())
        recorder.receiveSubscription()
        recorder.receive(request: .max(1))
        recorder.receive(1)
        recorder.receive(request: .max(1))
        recorder.receive(request: .max(2))
        recorder.receive(2)
        recorder.receive(3)
        recorder.receive(request: .max(1))
        recorder.receive(4)
        let events = recorder.events
        let positions = events.indices.filter { events[$0].event.kind == .value }
        #expect(positions == [2, 5, 6, 8])
        let window = recorder.storage.lock.withLock {
            RecorderWindow(state: recorder.storage.state, requestedEnd: .open, encoder: recorder.storage.encoder)
        }
        #expect((0..<4).map { window.elementLocation(at: $0).index } == positions)
        #expect(window.lastEvent?.location.index == 8)
    }

    @Test func elementsAndOtherEventsKeepTheirOrder() throws {
        let sink = MemoryTraceSink()
        let recorder = Recorder<Int, Never>(clock: ManualClock(), sink: sink)
        recorder.receiveSubscription()
        recorder.receive(request: .max(1))
        recorder.receive(1)
        recorder.receive(request: .max(2))
        recorder.receive(2)
        recorder.receive(3)
        recorder.receive(request: .unlimited)
        recorder.receive(completion: .finished)
        let kinds = recorder.events.map(\.event.kind)
        #expect(kinds == [.subscribe, .request, .value, .request, .value, .value, .request, .finished])
        let trace = try Trace(text: sink.text)
        #expect(trace.events.map(\.event.kind) == kinds)
        #expect(trace.events.map(\.nanoseconds) == recorder.events.map(\.nanoseconds))
        #expect(try recorder.next().get() == 1)
        #expect(try recorder.next(2).get() == [2, 3])
        #expect(throws: RecordingError.self) { try recorder.next().get() }
    }
}
