import Testing

@testable import StreamTrace

/// Generated marble diagrams: drawn from their events, read back, drawn
/// again.
@Suite struct MarbleRoundTripTests {
    /// A diagram written the way drawing writes it, and the events it
    /// holds (symbol and time since the subscription, 1 ms a frame).
    struct Generated {
        var text = ""
        var events: [(Character, Int64)] = []
        var time: Int64 = 0
        var subscription: Int64?
        var ended = false
        var afterProgression = false

        static let names: [Character] = ["a", "b", "z", "A", "0", "7", "🍏", "é", "e\u{301}", "*", ".", "'", "s", "m"]

        mutating func add(_ random: inout RandomTrace.Generator) {
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 30 {
                text.append("-")
                time += 1_000_000
                afterProgression = false
            } else if roll < 40, !text.isEmpty || Bool.random(using: &random) {
                progression(&random)
            } else if roll < 45, subscription == nil {
                text.append("^")
                subscription = time
                time += 1_000_000
                afterProgression = false
            } else if !ended {
                eventFrames(&random)
            }
        }

        mutating func progression(_ random: inout RandomTrace.Generator) {
            let units: [Int64] = [1, 1_000, 1_000_000, 1_000_000_000, 60_000_000_000]
            let nanoseconds = Int64.random(in: 1...999, using: &random) * units.randomElement(using: &random)!
            if !text.isEmpty, text.last != " " { text.append(" ") }
            text += MarbleTimeProgression.text(nanoseconds) + " "
            time += nanoseconds
            afterProgression = true
        }

        mutating func eventFrames(_ random: inout RandomTrace.Generator) {
            let count = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...4, using: &random) : 1
            var symbols: [Character] = []
            for position in 0..<count {
                if position == count - 1, Int.random(in: 0..<5, using: &random) == 0 {
                    symbols.append(["|", "#", "!"].randomElement(using: &random)!)
                    ended = true
                } else {
                    var name = Self.names.randomElement(using: &random)!
                    // A digit where a time progression may stand could read as one.
                    if (text.isEmpty || afterProgression) && position == 0 && name.isNumber { name = "n" }
                    symbols.append(name)
                }
            }
            let grouped = count > 1 || Int.random(in: 0..<8, using: &random) == 0
            text += grouped ? "(" + String(symbols) + ")" : String(symbols)
            events += symbols.map { ($0, time) }
            time += Int64(grouped ? count + 2 : 1) * 1_000_000
            afterProgression = false
        }

        /// The text as drawing writes it: no space at either end.
        var drawn: String { text.last == " " ? String(text.dropLast()) : text }
        var shiftedEvents: [String] { events.map { "\($0.0)@\($0.1 - (subscription ?? 0))" } }
    }

    static func generate(seed: UInt64) -> Generated {
        var random = RandomTrace.Generator(state: seed)
        var generated = Generated()
        for _ in 0..<Int.random(in: 1...30, using: &random) { generated.add(&random) }
        return generated
    }

    static func events(_ marbles: MarbleDiagram) -> [String] {
        marbles.events.map { "\($0.symbol.character)@\($0.nanoseconds)" }
    }

    @Test func generatedDiagramsDrawTheirOwnTextAndHoldTheirEvents() throws {
        for seed in UInt64(1)...2000 {
            let generated = Self.generate(seed: seed)
            let marbles = try MarbleDiagram(generated.drawn)
            #expect(marbles.text == generated.drawn, "seed \(seed)")
            #expect(Self.events(marbles) == generated.shiftedEvents, "seed \(seed): \(generated.drawn)")
            #expect(marbles.end == generated.time - (generated.subscription ?? 0), "seed \(seed)")
            #expect(try MarbleDiagram(marbles.text) == marbles, "seed \(seed)")
        }
    }

    /// Diagram, then events, then diagram through the library's own parts:
    /// a generated cold diagram played by a `TestStream` on a `TestClock`
    /// is recorded as the diagram says, and the recording drawn as a
    /// failure's actual line reads back as that same recording.
    @Test func generatedDiagramsPlayedRecordedAndDrawnReadBack() async throws {
        var played = 0
        for seed in UInt64(1)...1000 {
            let generated = Self.generate(seed: seed)
            let text = generated.drawn
            guard generated.subscription == nil, !text.contains("!") else { continue }  // cold, and played: no cancel
            played += 1
            let clock = TestClock()
            let recorder = TestStream<String>(text, clock: clock).record(clock: clock)
            await clock.advance(by: .nanoseconds(generated.time + 1_000_000))
            #expect(throws: Never.self, "seed \(seed): \(text)") { try recorder.marbles(text).get() }
            // An element no recording holds, first: the failure draws the whole recording as its actual line.
            do {
                try recorder.marbles("~" + text).get()
                Issue.record("seed \(seed): ~\(text) passed")
            } catch {
                let report = (error as? RecordingError)?.report ?? "\(error)"
                let actual = try #require(report.split(separator: "\n").first { $0.hasPrefix("actual:") }, "\(report)")
                let drawn = String(actual.dropFirst("actual:".count).drop { $0 == " " })
                #expect(throws: Never.self, "seed \(seed): \(text) drawn \(drawn)") {
                    try recorder.marbles(drawn).get()
                }
            }
        }
        #expect(played > 300)
    }

    @Test func spacesAnywhereButInATimeProgressionChangeNoEvent() throws {
        for seed in UInt64(1)...500 {
            let generated = Self.generate(seed: seed)
            var random = RandomTrace.Generator(state: seed &* 31)
            let characters = Array(generated.drawn)
            var spaced = ""
            var inWord = false
            for (index, character) in characters.enumerated() {
                // A progression is the word after a space (or at the start) that reads as one.
                if index == 0 || characters[index - 1] == " " {
                    inWord = MarbleTimeProgression.length(in: characters[index...]) != nil
                }
                if character == " " { inWord = false }
                if !inWord, !character.isNumber, Bool.random(using: &random) { spaced.append(" ") }
                spaced.append(character)
            }
            let marbles = try MarbleDiagram(spaced)
            #expect(Self.events(marbles) == generated.shiftedEvents, "seed \(seed): \(spaced)")
            #expect(marbles.text == generated.drawn, "seed \(seed): \(spaced)")
        }
    }

    @Test func everyErrorNamesAColumnOfTheDiagram() {
        let alphabet: [String] = [
            "-", "-", "a", "b", "(", ")", "^", "|", "#", "!", " ", " ", "1", "5ms", "0.5s", "2m", "🍏", "\t", ".",
        ]
        var random = RandomTrace.Generator(state: 7)
        var failures = 0
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                .joined()
            do {
                _ = try MarbleDiagram(text)
            } catch {
                failures += 1
                let characters = Array(text)
                guard let column = error.column, (1...characters.count).contains(column) else {
                    Issue.record("\(text): \(error) names no column of the diagram")
                    continue
                }
                #expect(characters[column - 1] != " ", "\(text): \(error)")
                #expect(error.description.contains(": column \(column): "), "\(text): \(error)")
            }
        }
        #expect(failures > 1000)
    }
}
