// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One DevTools protocol event as received.
package struct DevToolsEvent: Sendable {
    package var method: String
    package var session: String?
    package var params: JSON
}

/// The DevTools protocol over a pair of pipes: commands out, replies and
/// events in, each message a JSON text followed by a NUL byte.
///
/// Synchronous and single-threaded on purpose: `call` writes a command and
/// reads until its reply arrives, recording every event read on the way in
/// `events`. Every read and write waits in `poll(2)` with the time left to a
/// deadline, so nothing here blocks for longer than the timeout it was given.
package final class DevToolsConnection {
    package private(set) var events: [DevToolsEvent] = []
    package let defaultTimeout: Duration
    package var isOpen: Bool { readFD >= 0 }

    private var writeFD: Int32
    private var readFD: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var replies: [Int: JSON] = [:]
    private let diagnostics: () -> String
    private static let maximumMessageBytes = 256 << 20

    init(writeFD: Int32, readFD: Int32, defaultTimeout: Duration, diagnostics: @escaping () -> String) {
        self.writeFD = writeFD
        self.readFD = readFD
        self.defaultTimeout = defaultTimeout
        self.diagnostics = diagnostics
        _ = fcntl(writeFD, F_SETFL, fcntl(writeFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
    }

    deinit { shutDown() }

    /// Sends `method` and returns its `result`; throws on a protocol error,
    /// on a timeout, or when the browser goes away.
    @discardableResult
    package func call(_ method: String, _ params: JSON = [:], session: String? = nil, timeout: Duration? = nil) throws
        -> JSON
    {
        let deadline = ContinuousClock.now.advanced(by: timeout ?? defaultTimeout)
        nextID += 1
        let id = nextID
        var message: JSON = ["id": .number(Double(id)), "method": .string(method), "params": params]
        if let session, case .object(var object) = message {
            object["sessionId"] = .string(session)
            message = .object(object)
        }
        try write(Array(message.text.utf8) + [0], deadline: deadline, what: method)
        while true {
            if let reply = replies.removeValue(forKey: id) {
                if let error = reply["error"] {
                    throw BrowserError.protocolError(
                        method: method, message: error["message"]?.string ?? error.text)
                }
                return reply["result"] ?? [:]
            }
            try readMessage(deadline: deadline, waitingFor: method)
        }
    }

    /// The first event `method` (of `session`, if given) at or after index
    /// `since` of `events` that satisfies `matching`, reading more as needed.
    @discardableResult
    package func waitForEvent(
        _ method: String, session: String? = nil, since: Int = 0,
        timeout: Duration? = nil, matching: (JSON) -> Bool = { _ in true }
    ) throws -> DevToolsEvent {
        let deadline = ContinuousClock.now.advanced(by: timeout ?? defaultTimeout)
        var index = since
        while true {
            while index < events.count {
                let event = events[index]
                index += 1
                if event.method == method, session == nil || event.session == session, matching(event.params) {
                    return event
                }
            }
            try readMessage(deadline: deadline, waitingFor: method)
        }
    }

    /// Closes both pipe ends; the browser sees end-of-file.
    package func shutDown() {
        if writeFD >= 0 {
            closeDescriptor(writeFD)
            writeFD = -1
        }
        if readFD >= 0 {
            closeDescriptor(readFD)
            readFD = -1
        }
    }

    // MARK: - Framing

    private func readMessage(deadline: ContinuousClock.Instant, waitingFor what: String) throws {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let bytes = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let message = try? JSONDecoder().decode(JSON.self, from: Data(bytes)) else {
                    throw BrowserError.protocolError(method: what, message: "unreadable message from the browser")
                }
                if let id = message["id"]?.int {
                    replies[id] = message
                } else if let method = message["method"]?.string {
                    events.append(
                        DevToolsEvent(
                            method: method, session: message["sessionId"]?.string, params: message["params"] ?? [:]))
                }
                return
            }
            guard buffer.count < Self.maximumMessageBytes else {
                throw BrowserError.protocolError(
                    method: what, message: "a message over \(Self.maximumMessageBytes) bytes")
            }
            guard readFD >= 0 else { throw BrowserError.exited("the pipe is closed (\(what))") }
            try waitUntil(readFD, Int16(POLLIN), deadline: deadline, what: what)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                shutDown()
                throw BrowserError.exited("end of the pipe while waiting for \(what)\n\(diagnostics())")
            } else if errno != EAGAIN && errno != EINTR {
                throw BrowserError.exited("read: \(String(cString: strerror(errno)))")
            }
        }
    }

    private func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant, what: String) throws {
        var offset = 0
        while offset < bytes.count {
            guard writeFD >= 0 else { throw BrowserError.exited("the pipe is closed (\(what))") }
            try waitUntil(writeFD, Int16(POLLOUT), deadline: deadline, what: what)
            let count = bytes[offset...].withUnsafeBytes { systemWrite(writeFD, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && errno != EAGAIN && errno != EINTR {
                throw BrowserError.exited("write (\(what)): \(String(cString: strerror(errno)))\n\(diagnostics())")
            }
        }
    }

    /// Waits in poll(2) until `fd` is ready for `events` or the deadline passes.
    private func waitUntil(_ fd: Int32, _ events: Int16, deadline: ContinuousClock.Instant, what: String) throws {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw BrowserError.timedOut("\(what)\n\(diagnostics())") }
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return }  // readable, writable, or hung up: the read or write says which
            if ready < 0 && errno != EINTR {
                throw BrowserError.exited("poll: \(String(cString: strerror(errno)))")
            }
        }
    }
}

/// `write(2)` that gives EPIPE, not SIGPIPE, when the browser has died: the
/// signal is blocked in this thread for the call and a pending one taken.
/// The process's own disposition stays as it was: the programs other tests
/// start inherit it, and `streamtrace` must meet a closed pipe as a shell
/// would let it (ended by SIGPIPE, status 141).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    let result = write(fd, buffer, count)
    let failure = errno
    if result < 0, failure == EPIPE {
        var pending = sigset_t()
        sigpending(&pending)
        var taken: Int32 = 0
        if sigismember(&pending, SIGPIPE) == 1 { sigwait(&pipeSignal, &taken) }
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    errno = failure
    return result
}
#endif
