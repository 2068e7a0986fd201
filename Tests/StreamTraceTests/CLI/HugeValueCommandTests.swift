// Runs the built binary, which macOS and Linux can.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// One value of 200,000 keys or elements through check, show and diff: the
/// same results as a small value that reads the same as far as they show
/// it, with a 60 s hang bound (the growth rows of `make bench` measure the
/// time).
@Suite(.cpuBound) struct HugeValueCommandTests {
    static let count = 200_000

    /// A trace of one value, `{"k0":0,…}` or `[0,1,…]` with `count`
    /// members, written with `separator` between them, and `last` after
    /// them.
    static func trace(object: Bool, count: Int, separator: String = ",", last: String = "") throws -> String {
        var value = object ? "{" : "["
        value.reserveCapacity(count * 12)
        for i in 0..<count {
            if i > 0 { value += separator }
            value += object ? "\"k\(i)\":\(i)" : String(i)
        }
        value += last + (object ? "}" : "]")
        let text =
            #"{"streamtrace":1,"stream":"huge"}"# + "\n" + #"{"t":0,"event":"subscribe"}"# + "\n"
            + #"{"t":5,"event":"value","value":"# + value + "}\n" + #"{"t":9,"event":"finished"}"# + "\n"
        return try CommandRunner.traceFile(text)
    }

    /// Runs the binary with a 60 s hang bound: status, output, errors.
    func run(_ arguments: [String]) async throws -> (Int32, String, String) {
        let process = try FollowedProcess(arguments)
        let status = try await process.exitStatus(timeout: .seconds(60))
        return (status, process.output, process.errors)
    }

    @Test(arguments: [true, false])
    func showAndDiffGiveWhatASmallValueGives(object: Bool) async throws {
        let huge = try Self.trace(object: object, count: Self.count)
        let small = try Self.trace(object: object, count: 1_000)
        for arguments in [["show", "--width", "120"], ["show", "--width", "1000"]] {
            let (status, output, errors) = try await run(arguments + [huge])
            let expected = try await run(arguments + [small])
            #expect(status == 0, "\(errors)")
            #expect(output.replacingOccurrences(of: huge, with: small) == expected.1, "\(arguments)")
        }
        let same = try await run(["diff", huge, huge])
        #expect(same.0 == 0)
        #expect(same.1.hasSuffix("traces match: 3 events, exact times\n"), "\(same.1)")
    }

    @Test(arguments: [true, false])
    func diffFindsAValueThatDiffersOnlyAtItsEnd(object: Bool) async throws {
        let huge = try Self.trace(object: object, count: Self.count)
        let spaced = try Self.trace(object: object, count: Self.count, separator: " , ")
        let changed = try Self.trace(object: object, count: Self.count, last: object ? #","k0":-1"# : ",-1")
        let equivalent = try await run(["diff", huge, spaced])
        #expect(equivalent.0 == 0, "\(equivalent.1)")
        let (status, output, _) = try await run(["diff", huge, changed])
        #expect(status == 1)
        #expect(output.contains("event 2: values differ"), "\(output)")
        #expect(output.contains("(they differ past the first 200 characters)"), "\(output)")
    }

    @Test func checkMatchesInAHugeObjectAsInASmallOne() async throws {
        let queries = [
            #"next where contains {"k7":7}"#, #"not next where contains {"k7":8}"#, "count == 1", "finished",
        ]
        for count in [Self.count, 1_000] {
            let (status, output, errors) = try await run(
                ["check", "--quiet", try Self.trace(object: true, count: count)] + queries)
            #expect(status == 0, "\(errors)")
            #expect(output.hasSuffix("4 passed, 0 failed\n"), "\(output.suffix(300))")
        }
    }

    /// Off a terminal a passing query's value is written whole (a long one
    /// from its place in the pass's spool, a piece at a time); with colour
    /// only the word PASS is painted. A failure's timeline never holds a
    /// value over 64 KiB, though `last` keeps the newest: it draws it as `?`.
    @Test func checkWritesAHugeValueWholeOffATerminal() async throws {
        let trace = try Self.trace(object: false, count: Self.count)
        let value = "[" + (0..<Self.count).map(String.init).joined(separator: ",") + "]"
        let (status, output, errors) = try await run(["check", trace, "last", "next"])
        #expect(status == 0, "\(errors)")
        #expect(output == "PASS  last  \(value)\nPASS  next  \(value)\n2 passed, 0 failed\n")
        let coloured = try await run(["check", "--color", "always", trace, "last"])
        #expect(coloured.1 == "\u{1B}[32mPASS\u{1B}[0m  last  \(value)\n1 passed, 0 failed\n")
        let (failed, failure, _) = try await run(["check", trace, "last", "not finished"])
        #expect(failed == 1)
        #expect(
            failure == "PASS  last          \(value)\nFAIL  not finished  expected no completion, but the stream "
                + "finished (line 4, t=+9ns); recent: ---?---|  ?: an element not named here\n1 passed, 1 failed\n")
    }

    @Test func showNormalizesAHugeValueWithARepeatedKeyAsTheParserDoes() async throws {
        let repeated = try Self.trace(object: true, count: Self.count, separator: ", ", last: #","k0":"last""#)
        let (status, output, errors) = try await run(["show", "--width", "120", repeated])
        #expect(status == 0, "\(errors)")
        #expect(output.contains(#"value      {"k0":"last","k1":1,"k2":2,"k3":3,"#), "\(output)")
        let (_, json, _) = try await run(["show", "--format", "json", repeated])
        let line = json.split(separator: "\n")[2]
        #expect(line.hasPrefix(#"{"t":5,"event":"value","value":{"k0":"last","k1":1,"#))
        #expect(line.hasSuffix(#","k199999":199999}}"#))
    }
}
#endif
