// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import StreamTraceBrowser
import Testing

/// The harness sees what it must (negative controls): a page that breaks
/// the rules is caught, so a clean report of a real page means something.
@Suite(
    "The browser harness", .serialized, .enabled(if: Chromium.isAvailable, Chromium.skipNote),
    .timeLimit(.minutes(3)))
struct HarnessTests {
    @Test func cspViolationsConsoleErrorsABrokenPageAndRequestsAreReported() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let good = try String(contentsOf: try scratch.page("good.html", paths: sampleTracePaths()), encoding: .utf8)

        // An injected inline script has no CSP hash: the browser refuses it and says so.
        let injected = scratch.url.appendingPathComponent("injected.html")
        let injection = #"<script>window.pwned = 1</script><img src="http://192.0.2.1/x.png"></body>"#
        try Data(good.replacingOccurrences(of: "</body>", with: injection).utf8).write(to: injected)
        let first = try LoadedPage(injected)
        #expect(try first.evaluate("typeof window.pwned") == "undefined")
        let problems = try first.problems()
        #expect(problems.contains { $0.contains("Content Security Policy") && $0.contains("script") }, "\(problems)")
        #expect(problems.contains { $0.contains("Content Security Policy") && $0.contains("img-src") }, "\(problems)")
        // The image was asked for, and the CSP stopped it inside the browser.
        let attempted = first.page.requests.filter { $0.url != injected.absoluteString }
        #expect(attempted.map(\.url) == ["http://192.0.2.1/x.png"])
        #expect(attempted.map(\.blockedReason) == ["csp"])
        first.browser.close()

        // Broken data: `ready` rejects and the page reports the error on the console.
        let broken = scratch.url.appendingPathComponent("broken.html")
        let template = try String(
            contentsOf: packageDirectory.appendingPathComponent(ContentSecurityPolicy.templatePath), encoding: .utf8)
        try Data(template.replacingOccurrences(of: "@@STREAMTRACE_DATA@@", with: "{").utf8).write(to: broken)
        let browser = try HeadlessChromium(executable: try #require(Chromium.executable))
        defer { browser.close() }
        let second = try browser.newPage()
        try second.navigate(to: broken)
        #expect(throws: BrowserError.self) { try second.evaluate("window.streamtrace.ready", awaitPromise: true) }
        try second.evaluate("0")
        #expect(second.problems.contains { $0.hasPrefix("console.error") }, "\(second.problems)")

        // A page without our CSP that asks for a network resource: the request is seen.
        let leaky = scratch.url.appendingPathComponent("leaky.html")
        try Data(#"<!doctype html><title>leak</title><img src="http://127.0.0.1:9/pixel.png">"#.utf8).write(to: leaky)
        let third = try browser.newPage()
        try third.navigate(to: leaky)
        try third.evaluate("0")
        #expect(third.requestedURLs.contains("http://127.0.0.1:9/pixel.png"), "\(third.requestedURLs)")
    }
}
#endif
