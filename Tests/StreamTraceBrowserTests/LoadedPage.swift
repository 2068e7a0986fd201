// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTraceBrowser
import Testing

/// A browser with one page loaded and drawn.
struct LoadedPage {
    let browser: HeadlessChromium
    let page: BrowserPage
    let url: URL
    /// What `window.streamtrace.ready` resolved to: drawnMs, firstDrawMs, events, lanes.
    let ready: JSON

    /// Starts Chromium, loads `url`, waits for the page's first drawn frame.
    /// Every step is bounded (see `HeadlessChromium.Options`).
    init(_ url: URL, colorScheme: String = "light") throws {
        guard let executable = Chromium.executable else { throw BrowserError.launchFailed("no Chromium") }
        browser = try HeadlessChromium(executable: executable)
        page = try browser.newPage()
        self.url = url
        try page.emulate(colorScheme: colorScheme)
        try page.navigate(to: url)
        ready = try page.evaluate("window.streamtrace.ready", awaitPromise: true, timeout: .seconds(60))
    }

    func evaluate(_ expression: String) throws -> JSON { try page.evaluate(expression) }

    /// Waits until whatever the last input scheduled has been drawn (two animation frames).
    func settle() throws {
        try page.evaluate(
            "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))", awaitPromise: true)
    }

    /// The centre of the first element matching `selector`, checked to be
    /// what a click there would hit (so the test clicks what a person sees).
    func centre(of selector: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (x: Double, y: Double)
    {
        let result = try evaluate(
            """
            (() => {
              const element = document.querySelector(\(JSON.string(selector).text));
              if (!element) return null;
              const box = element.getBoundingClientRect();
              const x = box.left + box.width / 2, y = box.top + box.height / 2;
              return [x, y, document.elementFromPoint(x, y) === element];
            })()
            """)
        let point = try #require(result.array, "no element matches \(selector)", sourceLocation: sourceLocation)
        #expect(point[2] == .bool(true), "\(selector) is covered by another element", sourceLocation: sourceLocation)
        return (point[0].double ?? 0, point[1].double ?? 0)
    }

    /// Clicks the centre of the first element matching `selector`, then lets the page draw.
    func click(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let point = try centre(of: selector, sourceLocation: sourceLocation)
        try page.click(x: point.x, y: point.y)
        try settle()
    }

    /// The visible time range, from the timeline's `data-view-start`/`data-view-end`.
    func view() throws -> (start: Double, end: Double) {
        let range = try evaluate(
            "(t => [Number(t.dataset.viewStart), Number(t.dataset.viewEnd)])(document.getElementById('timeline'))")
        return (range[0]?.double ?? .nan, range[1]?.double ?? .nan)
    }

    /// The marks (data-kind, data-line) in the lane of `stream`, in document order.
    func marks(inLane stream: String) throws -> [Mark] {
        let list = try evaluate(
            """
            [...document.querySelectorAll('[data-stream]')]
              .filter(lane => lane.dataset.stream === \(JSON.string(stream).text))
              .flatMap(lane => [...lane.querySelectorAll('[data-kind]')])
              .map(mark => [mark.dataset.kind, Number(mark.dataset.line)])
            """)
        return (list.array ?? []).map { Mark(kind: $0[0]?.string ?? "?", line: $0[1]?.int ?? -1) }
    }

    /// Console errors and warnings, exceptions, CSP violations, dialogs, crashes: after a round trip.
    func problems() throws -> [String] {
        try page.evaluate("0")
        return page.problems
    }

    /// Requests other than the page itself.
    var otherRequests: [String] { page.requestedURLs.filter { $0 != url.absoluteString } }
}
#endif
