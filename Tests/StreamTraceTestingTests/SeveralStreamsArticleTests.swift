import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// The article Several Streams, One Order (SeveralStreams.md): a checkout model's state and navigation streams,
/// recorded as one group.
@Suite struct SeveralStreamsArticleTests {
    /// Paying sets the state, then navigates to the receipt (or, after the change, the other way round).
    struct CheckoutModel {
        var state: (String) -> Void
        var navigation: (String) -> Void
        var navigatesFirst = false

        func pay() {
            if navigatesFirst { navigation("receipt") }
            state("paid")
            if !navigatesFirst { navigation("receipt") }
        }
    }

    @Test func theArticlesExamplePasses() throws {
        let clock = TestClock()
        let group = StreamGroup(name: "checkout", clock: clock)
        let state = group.recorder(named: "state", of: String.self)
        let navigation = group.recorder(named: "navigation", of: String.self)
        let model = CheckoutModel(state: { state.receive($0) }, navigation: { navigation.receive($0) })
        model.pay()  // sets the state, then navigates: one instant, two streams
        try group.events.order(.value("paid", in: "state"), before: .value("receipt", in: "navigation")).get()
        expectMarbles(group, ["state": "p", "navigation": "r"], values: ["p": "paid", "r": "receipt"])
    }

    /// The failure the article shows, after the change that navigates first.
    @Test func afterTheChangeTheOrderFailsAsTheArticleShows() throws {
        let group = StreamGroup(name: "checkout", clock: TestClock())
        let state = group.recorder(named: "state", of: String.self)
        let navigation = group.recorder(named: "navigation", of: String.self)
        let model = CheckoutModel(
            state: { state.receive($0) }, navigation: { navigation.receive($0) }, navigatesFirst: true)
        model.pay()
        #expect(try state.next().get() == "paid")
        #expect(try navigation.next().get() == "receipt")
        #expect {
            try group.events.order(.value("paid", in: "state"), before: .value("receipt", in: "navigation")).get()
        } throws: { error in
            let shown = try? SeveralStreamsArticleTests.articleBlock(after: "<!-- order failure: ")
            return (error as? RecordingError)?.report == shown
        }
    }

    /// The text block under the marker line `marker…` in the article.
    static func articleBlock(after marker: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/StreamTrace/StreamTrace.docc/SeveralStreams.md"),
            encoding: .utf8)
        let start = try #require(article.range(of: marker)).upperBound
        let block = try #require(article.range(of: "```text\n", range: start..<article.endIndex)).upperBound
        let end = try #require(article.range(of: "\n```", range: block..<article.endIndex)).lowerBound
        return String(article[block..<end])
    }
}
