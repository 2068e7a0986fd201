// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTraceBrowser
import Testing

/// `streamtrace show --format html` pages in a real headless Chromium,
/// driven from outside the page over the DevTools protocol: real mouse,
/// wheel and key events; console, exceptions, CSP violations and network
/// requests observed by the browser, not by the page.
///
/// Skipped, with a one-line notice, when no Chromium is installed. Every
/// wait is bounded (see `HeadlessChromium.Options`), one browser at a time.
@Suite(
    "HTML timeline in Chromium", .serialized, .enabled(if: Chromium.isAvailable, Chromium.skipNote),
    .timeLimit(.minutes(3)))
struct TimelinePageBrowserTests {
    /// The samples' page, loaded.
    static func samplesPage(_ scratch: ScratchDirectory, colorScheme: String = "light") throws -> LoadedPage {
        let url = try scratch.page("samples.html", title: "StreamTrace samples", paths: try sampleTracePaths())
        return try LoadedPage(url, colorScheme: colorScheme)
    }

    @Test func everyStreamIsALaneWithItsNameAndStatusAndEveryEventAMark() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let loaded = try Self.samplesPage(scratch)
        defer { loaded.browser.close() }

        let lanes = try loaded.evaluate(
            "[...document.querySelectorAll('[data-stream]')].map(e => [e.dataset.stream, e.dataset.status])")
        #expect(
            lanes == [
                ["autocomplete", "cancelled"], ["downloads", "failed"], ["ticks", "open"],
                ["search results", "finished"], ["crashed app", "truncated"],
            ])
        let names = try loaded.evaluate("[...document.querySelectorAll('.lane-name')].map(e => e.textContent)")
        #expect(names == ["autocomplete", "downloads", "ticks", "search results", "crashed app"])
        // Everything is in view at first, so every event has its mark.
        for (path, lane) in zip(try sampleTracePaths(), lanes.array ?? []) {
            let stream = lane[0]?.string ?? ""
            #expect(try loaded.marks(inLane: stream) == expectedMarks(ofTrace: path), "marks of \(path)")
        }
        #expect(try loaded.problems() == [])
        #expect(loaded.otherRequests == [])
    }

    @Test func clickingAMarkPinsAPopupWithItsKindLineTimeAndPrettyValue() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let loaded = try Self.samplesPage(scratch)
        defer { loaded.browser.close() }

        try loaded.click(#"[data-stream="search results"] [data-kind="value"][data-line="5"]"#)
        let popup = try loaded.evaluate(
            """
            (p => ({ hidden: p.hidden, pinned: p.classList.contains('pinned'), kind: p.dataset.kind,
                     line: p.dataset.line, stream: p.dataset.stream, text: p.innerText,
                     value: document.getElementById('popup-value').textContent }))(document.getElementById('popup'))
            """)
        #expect(popup["hidden"] == false)
        #expect(popup["pinned"] == true)
        #expect(popup["kind"] == "value")
        #expect(popup["line"] == "5")
        #expect(popup["stream"] == "search results")
        let text = popup["text"]?.string ?? ""
        #expect(text.contains("5 of \(samplesDirectory.path)/search.jsonl"))
        #expect(text.contains("t = 250 ms (250,000,000 ns)"))
        #expect(popup["value"]?.string == "{\n  \"query\": \"sw\",\n  \"results\": [\n    \"swift\"\n  ]\n}")

        // A failure shows its error and its value.
        try loaded.click(#"[data-stream="downloads"] [data-kind="failure"]"#)
        #expect(
            try loaded.evaluate("document.getElementById('popup-detail').textContent")
                == "URLError: The request timed out.")
        #expect(try loaded.evaluate("document.getElementById('popup').dataset.line") == "5")
        let value = try loaded.evaluate("document.getElementById('popup-value').textContent").string ?? ""
        #expect(value.contains("\"code\": -1001"), "\(value)")

        // Escape closes it; pointing (no click) shows a popup that is not pinned.
        try loaded.page.press(key: "Escape")
        #expect(try loaded.evaluate("document.getElementById('popup').hidden") == true)
        let tick = try loaded.centre(of: #"[data-stream="ticks"] [data-kind="value"][data-line="4"]"#)
        try loaded.page.mouse("mouseMoved", x: tick.x, y: tick.y)
        try loaded.settle()
        #expect(
            try loaded.evaluate(
                "(p => [p.hidden, p.classList.contains('pinned'), p.dataset.line])(document.getElementById('popup'))")
                == [false, false, "4"])
        #expect(try loaded.problems() == [])
        #expect(loaded.otherRequests == [])
    }

    @Test func theWheelKeysButtonsAndDraggingZoomAndPanTheTimeAxis() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let loaded = try Self.samplesPage(scratch)
        defer { loaded.browser.close() }

        let fit = try loaded.view()
        let box = try loaded.evaluate(
            "(b => [b.left, b.top, b.width])(document.querySelector('[data-stream=\"ticks\"] .track').getBoundingClientRect())"
        )
        let left = box[0]?.double ?? 0
        let width = box[2]?.double ?? 1
        let pointer = (x: left + width * 0.25, y: (box[1]?.double ?? 0) + 40)
        func time(atX x: Double, in view: (start: Double, end: Double)) -> Double {
            view.start + (x - left) / width * (view.end - view.start)
        }

        // The wheel zooms in around the pointer: the time under it stays put.
        try loaded.page.wheel(x: pointer.x, y: pointer.y, deltaY: -480)
        try loaded.settle()
        let wheeled = try loaded.view()
        #expect(wheeled.end - wheeled.start < (fit.end - fit.start) * 0.5)
        #expect(abs(time(atX: pointer.x, in: wheeled) - time(atX: pointer.x, in: fit)) < (fit.end - fit.start) * 0.001)

        // Keys: + zooms in, - zooms out, arrows pan, 0 fits.
        try loaded.page.press(key: "+")
        try loaded.settle()
        let plus = try loaded.view()
        #expect(plus.end - plus.start < (wheeled.end - wheeled.start) * 0.8)
        try loaded.page.press(key: "-")
        try loaded.settle()
        let minus = try loaded.view()
        #expect(minus.end - minus.start > (plus.end - plus.start) * 1.2)
        try loaded.page.press(key: "ArrowRight")
        try loaded.settle()
        let right = try loaded.view()
        #expect(right.start > minus.start)
        #expect(abs((right.end - right.start) - (minus.end - minus.start)) < 1e-6 * (minus.end - minus.start))

        // Dragging pans by the distance dragged, without changing the span or pinning a popup.
        try loaded.page.drag(from: (pointer.x + 100, pointer.y + 8), to: (pointer.x - 100, pointer.y + 8))
        try loaded.settle()
        let dragged = try loaded.view()
        let span = right.end - right.start
        #expect(abs((dragged.start - right.start) - span * 200 / width) < span * 0.01)
        #expect(abs((dragged.end - dragged.start) - span) < 1e-6 * span)
        #expect(try loaded.evaluate("document.getElementById('popup').classList.contains('pinned')") == false)

        try loaded.page.press(key: "0")
        try loaded.settle()
        let refit = try loaded.view()
        #expect(refit.start == fit.start && refit.end == fit.end)

        try loaded.click("[data-action=\"zoom-in\"]")
        let button = try loaded.view()
        #expect(button.end - button.start < (fit.end - fit.start) * 0.8)
        #expect(try loaded.problems() == [])
        #expect(loaded.otherRequests == [])
    }
}
#endif
