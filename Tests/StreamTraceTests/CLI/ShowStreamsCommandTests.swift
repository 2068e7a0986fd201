// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import Testing

/// `show PATH...`: several traces on one time axis, as text.
@Suite struct ShowStreamsCommandTests {
    static let cart = """
        {"streamtrace":1,"stream":"cart","clock":"virtual","at":0}
        {"t":0,"event":"subscribe"}
        {"t":5000000,"event":"value","value":3}
        {"t":12000000,"event":"value","value":4}
        {"t":12000000,"event":"finished"}

        """
    static let payments = """
        {"streamtrace":1,"stream":"payments","clock":"virtual","at":5000000}
        {"t":0,"event":"subscribe"}
        {"t":1000000,"event":"request","demand":"unlimited"}
        {"t":3000000,"event":"value","value":"authorizing"}
        {"t":20000000,"event":"failure","error":{"type":"PaymentError","message":"declined"}}

        """

    @Test func aFolderIsDrawnAsOneLanePerStreamAlignedOnTheClocksReading() async throws {
        let folder = try TraceFolder(["cart.jsonl": Self.cart, "payments.jsonl": Self.payments]).path
        let result = try await CommandRunner.run(["show", "--width", "100", folder])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                streams:   2, aligned on "at" (the shared clock's reading at each subscription)
                \(TextLayout.truncated("  cart      finished, 2 elements in 12ms, from +0ns (\(folder)/cart.jsonl)", to: 100))
                \(TextLayout.truncated(
                    "  payments  failed (PaymentError: declined), 1 element in 20ms, from +5ms (\(folder)/payments.jsonl)",
                    to: 100))

                         t          Δt  stream    event      value
                      +0ns        +0ns  cart      subscribe
                      +5ms        +5ms  cart      value      3
                      +5ms        +0ns  payments  subscribe
                      +6ms        +1ms  payments  request    demand unlimited
                      +8ms        +2ms  payments  value      "authorizing"
                     +12ms        +4ms  cart      value      4
                     +12ms        +0ns  cart      finished
                     +25ms       +13ms  payments  failure    PaymentError: declined

                cart      --------------a-------------------(c|)----------------------------------
                payments  -----------------------b-----------------------------------------------#
                a = 3   b = "authorizing"   c = 4   |: finished   #: failure

                """, "\(result)")
    }

    @Test func tracesLineUpOnStartedWhenEveryTraceHasIt() async throws {
        let early = #"{"streamtrace":1,"stream":"early","started":"2026-11-22T10:00:00.250Z","at":900}"#
        let late = #"{"streamtrace":1,"stream":"late","started":"2026-11-22T10:00:00.500000Z","at":5}"#
        let event = "\n" + #"{"t":1000,"event":"value","value":1}"# + "\n"
        let folder = try TraceFolder(["b.jsonl": early + event, "a.jsonl": late + event]).path
        let result = try await CommandRunner.run(["show", "--width", "100", folder])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines[0] == #"streams:   2, aligned on "started" (the wall-clock time of each subscription)"#)
        #expect(result.lines[1] == "0 is:      2026-11-22T10:00:00.250Z")
        // Sorted by path (a.jsonl first), events merged by time.
        #expect(result.lines[2].hasPrefix("  late    open, 1 element in 0ns, from +250.001ms ("))
        let rows = result.lines.filter { $0.hasSuffix("  value      1") }
        #expect(
            rows == ["      +1us        +1us  early   value      1", "+250.001ms      +250ms  late    value      1"])
    }

    @Test func tracesWithoutACommonOriginEachStartAtTheirOwnZero() async throws {
        let folder = try TraceFolder(["one.jsonl": Self.cart, "two.jsonl": #"{"streamtrace":1}"# + "\n"]).path
        let result = try await CommandRunner.run(["show", "--width", "120", folder])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines[0]
                == #"streams:   2, not aligned: each stream from its own 0 (not every trace has "started" or "at")"#)
        // A trace without a name is named by its file; one without events has an empty lane.
        #expect(result.lines[2].hasPrefix("  two     open, 0 elements in 0ns, from +0ns ("))
        #expect(result.lines.contains("two     " + String(repeating: "-", count: TraceTimeline.diagramLimit)))
    }

    @Test func foldersAreSearchedRecursivelyAndInPathOrder() async throws {
        let folder = try TraceFolder([
            "z/payments.jsonl": Self.payments, "a/cart.jsonl": Self.cart, "notes.txt": "not a trace",
        ]).path
        let fromFolder = try await CommandRunner.run(["show", "--width", "100", folder])
        let fromFiles = try await CommandRunner.run([
            "show", "--width", "100", folder + "/a/cart.jsonl", folder + "/z/payments.jsonl",
        ])
        #expect(fromFolder.status == 0)
        #expect(fromFolder.stdout == fromFiles.stdout)
        let empty = try await CommandRunner.run(["show", try temporaryDirectory()])
        #expect(empty.status == 3)
        #expect(empty.stderr.hasSuffix(": cannot read: no trace (*.jsonl) in this directory\n"), "\(empty)")
    }

    @Test func aTraceWhoseFileNameIsNotUTF8IsFoundAndOpened() async throws {
        let folder = try TraceFolder(["cart.jsonl": Self.cart]).path
        var name = Array((folder + "/caf").utf8) + [0xE9] + Array(".jsonl\0".utf8)
        let fd = name.withUnsafeMutableBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) }
        }
        try #require(fd >= 0)
        let text = Array(#"{"streamtrace":1,"at":0}"#.utf8) + [0x0A]
        #expect(write(fd, text, text.count) == text.count)
        close(fd)
        let result = try await CommandRunner.run(["show", "--width", "200", folder])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines[1] == #"  caf\xE9  open, 0 elements in 0ns, from +0ns (\#(folder)/caf\xE9.jsonl)"#)
    }

    @Test func aMalformedTraceAmongSeveralPrintsOnlyItsError() async throws {
        let folder = try TraceFolder([
            "a.jsonl": Self.cart, "b.jsonl": Self.payments + #"{"t":1,"event":"value","value":1}"# + "\n",
        ]).path
        let result = try await CommandRunner.run(["show", folder])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "\(folder)/b.jsonl:6:1: event after the terminal event (failure on line 5); nothing may follow it\n")
    }

    @Test func everyLineFitsTheWidthAndTraceTextIsEscaped() async throws {
        let hostile =
            #"{"streamtrace":1,"stream":"\u001b[31mred\u202e","at":0}"# + "\n"
            + #"{"t":0,"event":"value","value":"\u001b]0;title\u0007 日本語日本語日本語"}"# + "\n"
        let folder = try TraceFolder(["a.jsonl": Self.cart, "b.jsonl": hostile]).path
        for width in [1, 33, 40, 47] {
            let result = try await CommandRunner.run(["show", "--width", "\(width)", folder])
            #expect(result.status == 0)
            // Below 40 columns, show lays out 40.
            for line in result.lines { #expect(TerminalText.width(line) <= max(width, 40), "\(width): \(line)") }
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0 == "\u{202E}" })
        }
        let wide = try await CommandRunner.run(["show", "--width", "200", folder])
        #expect(wide.stdout.contains(#"\u001b[31mred\u202e  value      "\u001b]0;title\u0007 日本語日本語日本語""#))
    }

    @Test func severalTracesAreAUsageErrorForJSONAndStandardInputIsReadOnce() async throws {
        let folder = try TraceFolder(["a.jsonl": Self.cart, "b.jsonl": Self.payments]).path
        let json = try await CommandRunner.run(["show", "--format", "json", folder])
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("streamtrace: error: --format json shows one trace;"), "\(json)")
        let twice = try await CommandRunner.run(["show", "-", "-"], stdin: Self.cart)
        #expect(twice.status == 2)
        #expect(twice.stderr.hasPrefix("streamtrace: error: standard input (-) can be read only once"))
        let piped = try await CommandRunner.run(["show", "--width", "100", "-", folder + "/b.jsonl"], stdin: Self.cart)
        #expect(piped.status == 0)
        #expect(piped.lines[1].hasPrefix("  cart      finished, 2 elements in 12ms, from +0ns (<stdin>)"))
    }
}
#endif
