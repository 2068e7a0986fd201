// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation

/// One tab of a `HeadlessChromium`, attached in flat mode (its commands
/// carry the session id). It records what a page must not do: console
/// errors and warnings, uncaught exceptions, browser log errors (a CSP
/// violation is one), JavaScript dialogs, crashes, and network requests.
package final class BrowserPage {
    package let devTools: DevToolsConnection
    package let session: String
    package let targetID: String

    init(devTools: DevToolsConnection, session: String, targetID: String) {
        self.devTools = devTools
        self.session = session
        self.targetID = targetID
    }

    func enable(width: Int, height: Int) throws {
        for domain in ["Page.enable", "Runtime.enable", "Log.enable", "Network.enable"] {
            try call(domain)
        }
        try call(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": .number(Double(width)), "height": .number(Double(height)),
                "deviceScaleFactor": 1, "mobile": false,
            ])
    }

    @discardableResult
    package func call(_ method: String, _ params: JSON = [:], timeout: Duration? = nil) throws -> JSON {
        try devTools.call(method, params, session: session, timeout: timeout)
    }

    /// This page's events so far.
    package var events: [DevToolsEvent] { devTools.events.filter { $0.session == session } }

    // MARK: - Loading

    /// Loads `url` and waits (bounded) for its `load` event.
    package func navigate(to url: URL, timeout: Duration = .seconds(60)) throws {
        let since = devTools.events.count
        let result = try call("Page.navigate", ["url": .string(url.absoluteString)], timeout: timeout)
        if let error = result["errorText"]?.string, !error.isEmpty {
            throw BrowserError.protocolError(method: "Page.navigate", message: "\(url.absoluteString): \(error)")
        }
        try devTools.waitForEvent("Page.loadEventFired", session: session, since: since, timeout: timeout)
    }

    /// Evaluates `expression` in the page and returns its value (by value,
    /// so it must be JSON-serializable). With `awaitPromise`, waits for a
    /// returned promise; a rejection or exception throws `.javaScript`.
    @discardableResult
    package func evaluate(_ expression: String, awaitPromise: Bool = false, timeout: Duration? = nil) throws -> JSON {
        let reply = try call(
            "Runtime.evaluate",
            [
                "expression": .string(expression), "returnByValue": true, "awaitPromise": .bool(awaitPromise),
            ], timeout: timeout)
        if let details = reply["exceptionDetails"] {
            let message = details["exception"]?["description"]?.string ?? details["text"]?.string ?? details.text
            throw BrowserError.javaScript(message)
        }
        return reply["result"]?["value"] ?? .null
    }

    // MARK: - Input (real input events: hit testing, focus and default actions as for a person)

    package func mouse(
        _ type: String, x: Double, y: Double, button: String = "none", clickCount: Int = 0, buttons: Int = 0
    ) throws {
        try call(
            "Input.dispatchMouseEvent",
            [
                "type": .string(type), "x": .number(x), "y": .number(y), "button": .string(button),
                "clickCount": .number(Double(clickCount)), "buttons": .number(Double(buttons)),
            ])
    }

    package func click(x: Double, y: Double) throws {
        try mouse("mouseMoved", x: x, y: y)
        try mouse("mousePressed", x: x, y: y, button: "left", clickCount: 1, buttons: 1)
        try mouse("mouseReleased", x: x, y: y, button: "left", clickCount: 1)
    }

    package func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double), steps: Int = 8) throws {
        try mouse("mouseMoved", x: start.x, y: start.y)
        try mouse("mousePressed", x: start.x, y: start.y, button: "left", clickCount: 1, buttons: 1)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            try mouse(
                "mouseMoved", x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f, button: "left",
                buttons: 1)
        }
        try mouse("mouseReleased", x: end.x, y: end.y, button: "left", clickCount: 1)
    }

    package func wheel(x: Double, y: Double, deltaX: Double = 0, deltaY: Double) throws {
        try call(
            "Input.dispatchMouseEvent",
            [
                "type": "mouseWheel", "x": .number(x), "y": .number(y),
                "deltaX": .number(deltaX), "deltaY": .number(deltaY),
            ])
    }

    /// Presses and releases one key; `key` is a DOM key value ("+", "ArrowRight", "Escape").
    package func press(key: String, modifiers: Int = 0) throws {
        let named: [String: (code: String, keyCode: Int)] = [
            "ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39), "ArrowUp": ("ArrowUp", 38),
            "ArrowDown": ("ArrowDown", 40), "Escape": ("Escape", 27), "Enter": ("Enter", 13),
            "Home": ("Home", 36), "Tab": ("Tab", 9),
            "+": ("Equal", 187), "=": ("Equal", 187), "-": ("Minus", 189), "0": ("Digit0", 48),
        ]
        var params: [String: JSON] = ["key": .string(key), "modifiers": .number(Double(modifiers))]
        if let info = named[key] {
            params["code"] = .string(info.code)
            params["windowsVirtualKeyCode"] = .number(Double(info.keyCode))
        }
        var down = params
        down["type"] = key.count == 1 ? "keyDown" : "rawKeyDown"
        if key.count == 1 { down["text"] = .string(key) }
        try call("Input.dispatchKeyEvent", .object(down))
        var up = params
        up["type"] = "keyUp"
        try call("Input.dispatchKeyEvent", .object(up))
    }

    // MARK: - Appearance

    /// Emulates `prefers-color-scheme` ("light" or "dark").
    package func emulate(colorScheme: String) throws {
        try call(
            "Emulation.setEmulatedMedia",
            [
                "features": [["name": "prefers-color-scheme", "value": .string(colorScheme)]]
            ])
    }

    /// A PNG of the viewport.
    package func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"]?.string, let data = Data(base64Encoded: base64) else {
            throw BrowserError.protocolError(method: "Page.captureScreenshot", message: "no image data")
        }
        return data
    }

    // MARK: - What must not happen

    /// Console errors and warnings, uncaught exceptions, browser log errors
    /// and warnings (CSP violations, blocked loads), dialogs and crashes, as
    /// readable lines. Make a round trip first (any `call`) so that events
    /// the page sent before now have arrived.
    package var problems: [String] {
        events.compactMap { event in
            let p = event.params
            switch event.method {
            case "Runtime.consoleAPICalled":
                guard let type = p["type"]?.string, ["error", "warning", "assert"].contains(type) else { return nil }
                let text = (p["args"]?.array ?? []).map { $0["value"]?.string ?? $0["description"]?.string ?? $0.text }
                return "console.\(type): " + text.joined(separator: " ")
            case "Runtime.exceptionThrown":
                let details = p["exceptionDetails"]
                return "exception: "
                    + (details?["exception"]?["description"]?.string ?? details?["text"]?.string ?? p.text)
            case "Log.entryAdded":
                guard let level = p["entry"]?["level"]?.string, level == "error" || level == "warning" else {
                    return nil
                }
                return "log.\(level) (\(p["entry"]?["source"]?.string ?? "?")): \(p["entry"]?["text"]?.string ?? "")"
            case "Page.javascriptDialogOpening":
                return "dialog: \(p["type"]?.string ?? "?") \(p["message"]?.string ?? "")"
            case "Inspector.targetCrashed":
                return "the page crashed"
            default:
                return nil
            }
        }
    }

    /// The URL of every request the page made or tried to make, the document
    /// itself included (a request a CSP blocked is listed too: see `requests`).
    package var requestedURLs: [String] { requests.map(\.url) }

    /// Every request with how it ended: `blockedReason` is "csp" for a
    /// request the Content-Security-Policy stopped before it left the browser.
    package var requests: [NetworkRequest] {
        var list: [NetworkRequest] = []
        var indexByID: [String: Int] = [:]
        for event in events {
            let id = event.params["requestId"]?.string ?? ""
            switch event.method {
            case "Network.requestWillBeSent":
                indexByID[id] = list.count
                list.append(
                    NetworkRequest(
                        url: event.params["request"]?["url"]?.string ?? "", errorText: nil, blockedReason: nil))
            case "Network.loadingFailed":
                if let index = indexByID[id] {
                    list[index].errorText = event.params["errorText"]?.string
                    list[index].blockedReason = event.params["blockedReason"]?.string
                }
            default:
                break
            }
        }
        return list
    }
}

package struct NetworkRequest: Sendable, Equatable {
    package var url: String
    package var errorText: String?
    package var blockedReason: String?

    package init(url: String, errorText: String? = nil, blockedReason: String? = nil) {
        self.url = url
        self.errorText = errorText
        self.blockedReason = blockedReason
    }
}
#endif
