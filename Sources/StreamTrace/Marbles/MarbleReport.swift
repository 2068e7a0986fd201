/// A marble expectation's failure for a person: a line naming the first difference, then expected over actual on one
/// scale, lettered alike (the diagram's names, free letters for the rest), a caret under the difference, and a legend.
package struct MarbleReport<Element> {
    let diagram: MarbleDiagram
    /// The value of each of the diagram's events (`nil` for an end).
    let expectedValues: [Element?]
    let recorded: [MarbleMatch.Recorded]
    /// The value of each recorded event (`nil` for an end).
    let actualValues: [Element?]
    let describe: (Element) -> String
    /// Whether two values are one, for the letters (`==` for `Equatable` values, else the expectation's comparison).
    let equal: (Element, Element) -> Bool
    /// The symbols drawn for the diagram's and the recording's events.
    private(set) var expectedSymbols: [Character] = []
    private(set) var actualSymbols: [Character] = []
    /// The letters drawn and the values they name, then what `?` and `#` stand for.
    private(set) var legend: [String] = []

    /// `omitted`: how many elements after `recorded` the drawing leaves out (``StreamExpectations/Marbles`` reads the
    /// diagram's elements and one more), said in the legend. `inputLetters`: the letters the input streams use, with
    /// their values where they are `Element`s, which name those values again and no other.
    package init(
        diagram: MarbleDiagram, expectedValues: [Element?], recorded: [MarbleMatch.Recorded], actualValues: [Element?],
        names: [Character: Element] = [:], inputLetters: [(Character, Element?)] = [], failureText: String? = nil,
        omitted: Int = 0, comparing equal: @escaping (Element, Element) -> Bool,
        describe: @escaping (Element) -> String
    ) {
        self.diagram = diagram
        self.expectedValues = expectedValues
        self.recorded = recorded
        self.actualValues = actualValues
        self.describe = describe
        self.equal = equal
        letter(names, inputLetters, failureText: failureText)
        if omitted > 0 {
            legend.append("\(omitted) later element\(omitted == 1 ? "" : "s") not drawn: the difference comes before")
        }
    }

    /// Letters by distinct value: the diagram's names first, then the other `names` of values, then the inputs'
    /// letters, then a one-character string's own character where it is free, then free letters; what failed
    /// (`failureText`) goes in the legend (`#: Boom: it broke`).
    private mutating func letter(
        _ names: [Character: Element], _ inputLetters: [(Character, Element?)], failureText: String?
    ) {
        var distinct: [Element] = []
        func key(_ value: Element) -> Int {
            if let index = distinct.firstIndex(where: { equal($0, value) }) { return index }
            distinct.append(value)
            return distinct.count - 1
        }
        var lettering = MarbleLettering<Int>()
        var named: Set<Character> = []
        var lettered: Set<Int> = []
        for (event, value) in zip(diagram.events, expectedValues) {
            expectedSymbols.append(event.symbol.character)
            guard let value, case .element(let name) = event.symbol, named.insert(name).inserted else { continue }
            lettering.reserve(name, for: key(value), label: describe(value))
            lettered.insert(key(value))
        }
        // A value the diagram does not draw takes the name `values` gives it.
        for (name, value) in names.sorted(by: { $0.key < $1.key }) where !named.contains(name) {
            guard lettered.insert(key(value)).inserted else { continue }
            lettering.reserve(name, for: key(value), label: describe(value))
        }
        // An input's letter names its value again; one that stands for another value names nothing else.
        for (name, value) in inputLetters where lettering.isFree(name) {
            guard let value, lettered.insert(key(value)).inserted else {
                lettering.block(name)
                continue
            }
            lettering.reserve(name, for: key(value), label: describe(value))
        }
        actualSymbols = zip(recorded, actualValues).map { event, value in
            guard let value else { return MarbleTheme.symbol(event.kind)! }
            return lettering.letter(for: key(value), preferring: Self.ownCharacter(value), label: describe(value))
        }
        let unnamed = actualSymbols.contains(MarbleTheme.unnamed)
        let drawn = [String(expectedSymbols), String(actualSymbols)]
        legend = lettering.legend(of: drawn) + MarbleTheme.meanings(of: unnamed ? [MarbleTheme.unnamed] : [])
        if let failureText, recorded.contains(where: { $0.kind == .failure }) {
            legend.append("\(MarbleTheme.failure): \(failureText)")
        }
    }

    /// A one-character string's own character, where a diagram draws it as an element and not as time (a digit could
    /// read as a time progression).
    private static func ownCharacter(_ value: Element) -> Character? {
        guard let text = value as? String, text.count == 1, let character = text.first,
            case .element = MarbleTheme.mark(of: character), !character.isWhitespace, !character.isNumber,
            !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        let drawing: Set<Character> = [
            MarbleTheme.tick, MarbleTheme.groupStart, MarbleTheme.groupEnd, MarbleTheme.caret, MarbleTheme.unnamed,
            MarbleTheme.crowded, MarbleTheme.omitted,
        ]
        return drawing.contains(character) ? nil : character
    }

    /// Expected over actual, the caret under frame `caretAt`, the legend.
    package func details(caretAt frame: Int64?) -> [String] {
        var lines = MarbleLines<Int>(scale: .frames(diagram.frame), lines: 2)
        draw(on: &lines, line: 0)
        var drawing = lines.drawing(caretFrame: frame)
        drawing.legend = legend
        return drawing.labelled(["expected", "actual"])
    }

    /// Draws the diagram on `lines`' line `line` and the recording on the next (one lane of a group's diagram).
    func draw(on lines: inout MarbleLines<Int>, line: Int) {
        for (event, symbol) in zip(diagram.events, expectedSymbols) {
            lines.append(symbol, at: event.nanoseconds, line: line)
        }
        for (event, symbol) in zip(recorded, actualSymbols) {
            lines.append(symbol, at: event.nanoseconds, line: line + 1)
        }
    }

    /// A diagram's event as a message names it: `b (2)`, `| (finished)`.
    package func expected(_ index: Int) -> String {
        Self.named(expectedSymbols[index], expectedValues[index].map(describe), diagram.events[index].symbol.kind)
    }

    /// A recorded event as a message names it: `c (3)`, `# (failure)`.
    package func actual(_ index: Int) -> String {
        Self.named(actualSymbols[index], actualValues[index].map(describe), recorded[index].kind)
    }

    private static func named(_ symbol: Character, _ value: String?, _ kind: EventKind) -> String {
        "\(symbol) (\(kind == .value ? value ?? "?" : "\(kind)"))"
    }
}

extension MarbleReport where Element: Equatable {
    /// A report whose letters group values by `==`.
    package init(
        diagram: MarbleDiagram, expectedValues: [Element?], recorded: [MarbleMatch.Recorded], actualValues: [Element?],
        names: [Character: Element] = [:], failureText: String? = nil, describe: @escaping (Element) -> String
    ) {
        self.init(
            diagram: diagram, expectedValues: expectedValues, recorded: recorded, actualValues: actualValues,
            names: names, failureText: failureText, comparing: ==, describe: describe)
    }
}

extension MarbleReport {
    /// The first difference in one line: `frame 3: expected b (2), got c (3)`.
    package func message(_ difference: MarbleMatch.Difference) -> String {
        let frame = "frame \(difference.frame): "
        let expected = difference.expected.map { self.expected($0) } ?? "no event"
        // The recorded event of the difference: in its frame, or the next one after it.
        let here = difference.actual.flatMap { frameOf(actual: $0) == difference.frame ? $0 : nil }
        let got = here.map { actual($0) } ?? "no event"
        switch difference.kind {
        case .valueMismatch, .differentEvent, .missingEvent:
            let next = difference.actual.map { "; the next is \(actual($0)) in frame \(frameOf(actual: $0))" } ?? ""
            return frame + "expected \(expected), got \(got)" + (here == nil ? next : "")
        case .unexpectedEvent:
            let last = diagram.frameIndex(of: diagram.end - 1)
            guard difference.frame > last else { return frame + "expected no event, got \(got)" }
            return frame + "expected no event after the diagram's last frame (\(last)), got \(got)"
        case .earlyCompletion:
            let end = diagram.events.last.map { diagram.frameIndex(of: $0.nanoseconds) } ?? difference.frame
            return frame + "expected \(expected), got \(got): "
                + "\(frames(end - difference.frame)) early (the diagram ends in frame \(end))"
        case .lateCompletion:
            let end = recorded.lastIndex { $0.kind != .value }
            let late = end.map { frameOf(actual: $0) } ?? difference.frame
            return frame + "expected \(expected), got \(got): "
                + "the stream ends \(frames(late - difference.frame)) late, in frame \(late)"
        case .notReached:
            let stop = recorded.isEmpty ? "is empty" : "ends in frame \(frameOf(actual: recorded.count - 1))"
            return frame + "expected \(expected), but the recording \(stop)"
        }
    }

    private func frameOf(actual index: Int) -> Int64 {
        diagram.frameIndex(of: recorded[index].nanoseconds)
    }

    private func frames(_ count: Int64) -> String {
        count == 1 ? "1 frame" : "\(count) frames"
    }
}
