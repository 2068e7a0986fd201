import Testing

@testable import StreamTrace

/// `QueryArgument.streamEvent`: `STREAM [MATCHER]` or `STREAM finished|failed|cancelled`, the argument the order
/// queries read, tried on a throwaway syntax (`order A before B`) that registers nothing.
@Suite struct StreamEventArgumentTests {
    /// Reads `order A before B` with the argument kind twice: what each read, as text.
    func order(_ text: String) throws(QueryParseError) -> [String] {
        var words = QueryWords(text)
        guard words.take()?.word == "order" else { return [] }
        let first = try QueryArgument.streamEvent.read(&words, "order")
        guard words.take()?.word == "before" else { return [describe(first), "no before"] }
        let second = try QueryArgument.streamEvent.read(&words, "before")
        return [describe(first), describe(second)] + (words.peek().map { ["left: \($0.word)"] } ?? [])
    }

    func describe(_ value: QueryArgument.Value) -> String {
        switch value {
        case .streamEvent(let stream, let matcher): "\(stream) \(matcher.map(\.description) ?? "any")"
        case .streamEnd(let stream, let end): "\(stream) \(end)"
        default: "other"
        }
    }

    @Test func aMatchersJSONEndsWhereItsValueEndsSoTheQueryGoesOn() throws {
        #expect(try order("order query == \"b\" before results == \"x\"") == ["query == \"b\"", "results == \"x\""])
        #expect(
            try order("order query contains {\"a\": [1, 2]} before \"my results\" > 3")
                == ["query contains {\"a\":[1,2]}", "my results > 3"])
    }

    @Test func aStreamAloneIsAnyOfItsValuesAndAnEndWordIsItsEnd() throws {
        #expect(try order("order query before results finished") == ["query any", "results finished"])
        #expect(try order("order q failed before r cancelled") == ["q failure", "r cancel"])
    }

    @Test func aMissingStreamOrANumericComparisonOfANonNumberIsAParseError() {
        #expect(throws: QueryParseError.self) { try order("order == 3 before b") }
        do {
            _ = try order("order a < \"x\" before b")
            Issue.record("no error")
        } catch {
            #expect(error.message == "expected a number after '<', found string")
            #expect(error.column == 11)
        }
        #expect(QueryArgument.streamEvent.placeholder == "STREAM [MATCHER]")
        #expect(QueryArgument.streamEvent.canStart("\"my stream\""))
        #expect(!QueryArgument.streamEvent.canStart("=="))
    }
}
