// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

@Suite struct ShowCommandTests {
    @Test func showsSummaryRowsAndMarbleDiagram() async throws {
        let result = try await CommandRunner.run([
            "show", "--width", "90", CommandRunner.sample("network-failure.jsonl"),
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                stream:    downloads
                clock:     virtual
                status:    failed (URLError: The request timed out.)
                elements:  2
                duration:  3ms

                         t          Δt  event      value
                      +0ns        +0ns  subscribe
                      +1ms        +1ms  value      0.25
                      +2ms        +1ms  value      0.5
                      +3ms        +1ms  failure    URLError: The request timed out.

                ------------------------a----------------------b-----------------------#
                a = 0.25   b = 0.5   #: failure

                """, "\(result)")
    }

    @Test func showsEveryStatus() async throws {
        let statuses = [
            ("search.jsonl", "status:    finished"), ("open.jsonl", "status:    open"),
            ("cancelled.jsonl", "status:    cancelled"),
            ("truncated.jsonl", "status:    truncated (the last line was cut off; the trace is open)"),
        ]
        for (sample, line) in statuses {
            let result = try await CommandRunner.run(["show", CommandRunner.sample(sample)])
            #expect(result.status == 0)
            #expect(result.lines.contains(line), "\(sample): \(result)")
        }
    }

    @Test func cutsValuesToTheWidth() async throws {
        let result = try await CommandRunner.run(["show", "--width", "60", CommandRunner.sample("search.jsonl")])
        let row = try #require(result.lines.first { $0.contains("\"swi\"") })
        #expect(row == #"    +480ms      +230ms  value      {"query":"swi","results"…"#)
        #expect(row.count == 60)
    }

    @Test func jsonFormatPrintsNormalizedJSONLines() async throws {
        let trace = """
            {"streamtrace":1, "clock":"virtual", "extra":true}
            { "event":"value","t":5, "value": {"b":1,"a":[1.50, "x"]}, "thread":"main" }

            {"t":6,"event":"finished"}
            """
        let result = try await CommandRunner.run(["show", "--format", "json", "-"], stdin: trace)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                {"streamtrace":1,"clock":"virtual"}
                {"t":5,"event":"value","value":{"b":1,"a":[1.50,"x"]}}
                {"t":6,"event":"finished"}

                """, "\(result)")
    }

    @Test func helpAndVersion() async throws {
        let version = try await CommandRunner.run(["--version"])
        #expect(version.stdout == "streamtrace 1.0.0\n")
        for arguments in [
            ["--help"], ["help"], ["help", "check"], ["check", "--help"], ["help", "show"], ["show", "-h"],
        ] {
            let result = try await CommandRunner.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.contains("USAGE"), "\(arguments)")
        }
        let check = try await CommandRunner.run(["help", "check"])
        for keyword in [
            "available", "completion", "count", "elements", "failure", "finished", "last", "next N", "prefix N",
            "recording", "single", "not finished", "not next", "not prefix N", "within D", "contains JSON", "--spec",
            "--format", "--quiet", "--color", "EXAMPLES", "-e QUERY", "--jobs N", "--xunit-output FILE", "github",
            "[GLOB]", "PATH...",
        ] {
            #expect(check.stdout.contains(keyword), "help check lists \(keyword)")
        }
        let diff = try await CommandRunner.run(["help", "diff"])
        for keyword in ["EXPECTED_DIR ACTUAL_DIR", "--format text|json|github", "--xunit-output FILE", "--jobs N"] {
            #expect(diff.stdout.contains(keyword), "help diff lists \(keyword)")
        }
        let none = try await CommandRunner.run([])
        #expect(none.status == 2)
        #expect(none.stderr.contains("USAGE"))
    }
}
#endif
