// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace diff` on values written in other forms (`1` and `1.0`,
/// keys in another order, a repeated key, escaped and unescaped strings)
/// beside values that differ: the forms pair up as equal, in place and
/// where an inserted event makes the comparison look ahead; only the
/// values that differ are reported.
@Suite struct DiffValueFormsTests {
    static let expected = """
        {"streamtrace":1,"stream":"forms","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":1000,"event":"value","value":1}
        {"t":2000,"event":"value","value":{"a":1,"b":"x"}}
        {"t":3000,"event":"value","value":"café"}
        {"t":4000,"event":"value","value":5}
        {"t":5000,"event":"value","value":[1,2]}
        {"t":6000,"event":"value","value":{"a":1,"a":2}}
        {"t":7000,"event":"value","value":"tab\\there"}
        {"t":8000,"event":"finished"}

        """
    static let actual = """
        {"streamtrace":1,"stream":"forms","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":1000,"event":"value","value":1.0}
        {"t":2000,"event":"value","value":{"b":"x","a":10e-1}}
        {"t":3000,"event":"value","value":"caf\\u00e9"}
        {"t":4000,"event":"value","value":6}
        {"t":5000,"event":"value","value":[1,2,3]}
        {"t":6000,"event":"value","value":{"a":2}}
        {"t":7000,"event":"value","value":"tab\\u0009here"}
        {"t":8000,"event":"finished"}

        """

    @Test func valuesInOtherFormsPairUpAndOnlyTheChangedOnesDiffer() async throws {
        let e = try CommandRunner.traceFile(Self.expected, name: "forms-expected.jsonl")
        let a = try CommandRunner.traceFile(Self.actual, name: "forms-actual.jsonl")
        let result = try await CommandRunner.run(["diff", e, a])
        #expect(result.status == 1)
        let pad = String(repeating: " ", count: e.count - a.count)
        #expect(
            result.lines == [
                "--- \(e)  (9 events)", "+++ \(a)  (9 events)",
                "event 5: values differ", "- \(e):6  t=+4us  value 5", "+ \(a):6\(pad)  t=+4us  value 6",
                "event 6: values differ", "- \(e):7  t=+5us  value [1,2]", "+ \(a):7\(pad)  t=+5us  value [1,2,3]",
                "traces differ: 2 differences (exact times), first at event 5 (line 6 of expected, line 6 of actual)",
                "expected: ---a---c---e---g---i---k-", "actual:   ---b---d---f---h---j---l-",
                "a = 1", "b = 1.0", #"c = {"a":1,"b":"x"}"#, #"d = {"b":"x","a":10e-1}"#, #"e = "café""#,
                #"f = "caf\u00e9""#, "g = 5", "h = 6", "i = [1,2]", "j = [1,2,3]", #"k = {"a":1,"a":2}"#,
                #"l = {"a":2}"#,
            ], "\(result)")
        #expect(result.stderr == "")
    }

    @Test func anInsertedEventIsFoundBeforeValuesInOtherForms() async throws {
        let e = try CommandRunner.traceFile(
            """
            {"streamtrace":1,"stream":"forms","clock":"virtual"}
            {"t":1000,"event":"value","value":1}
            {"t":2000,"event":"value","value":{"a":1,"b":[2,"y"]}}
            {"t":3000,"event":"value","value":"x"}
            {"t":4000,"event":"value","value":4}
            {"t":5000,"event":"finished"}

            """, name: "forms-inserted-e.jsonl")
        let a = try CommandRunner.traceFile(
            """
            {"streamtrace":1,"stream":"forms","clock":"virtual"}
            {"t":500,"event":"value","value":"new"}
            {"t":1000,"event":"value","value":1.0}
            {"t":2000,"event":"value","value":{"b":[2e0,"\\u0079"],"a":1}}
            {"t":3000,"event":"value","value":"\\u0078"}
            {"t":4000,"event":"value","value":40e-1}
            {"t":5000,"event":"finished"}

            """, name: "forms-inserted-a.jsonl")
        let result = try await CommandRunner.run(["diff", e, a])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "--- \(e)  (5 events)", "+++ \(a)  (6 events)",
                "event 1: only in actual", #"+ \#(a):2  t=+500ns  value "new""#,
                "traces differ: 1 difference (exact times), first at event 1 (line 2 of actual)",
                "expected: -----b---d-", "actual:   --a--c---e-",
                #"a = "new""#, "b = 1", "c = 1.0", #"d = {"a":1,"b":[2,"y"]}"#, #"e = {"b":[2e0,"\u0079"],"a":1}"#,
            ], "\(result)")
        #expect(result.stderr == "")
    }

    /// A value too long to keep whole has no hash: it is tried against every
    /// event of the window, and pairs with its short form.
    @Test func aLongValuePairsWithItsShortFormAfterAnInsertedEvent() async throws {
        let long = #"{"k": "# + String(repeating: " ", count: 5000) + "[1.0, 2]}"
        let e = try CommandRunner.traceFile(
            """
            {"streamtrace":1,"stream":"forms","clock":"virtual"}
            {"t":1000,"event":"value","value":{"k":[1,2]}}
            {"t":2000,"event":"value","value":"x"}
            {"t":3000,"event":"finished"}

            """, name: "forms-long-e.jsonl")
        let a = try CommandRunner.traceFile(
            """
            {"streamtrace":1,"stream":"forms","clock":"virtual"}
            {"t":500,"event":"value","value":"new"}
            {"t":1000,"event":"value","value":\(long)}
            {"t":2000,"event":"value","value":"x"}
            {"t":3000,"event":"finished"}

            """, name: "forms-long-a.jsonl")
        let result = try await CommandRunner.run(["diff", e, a])
        #expect(result.status == 1)
        #expect(
            Array(result.lines.prefix(9)) == [
                "--- \(e)  (3 events)", "+++ \(a)  (4 events)",
                "event 1: only in actual", #"+ \#(a):2  t=+500ns  value "new""#,
                "traces differ: 1 difference (exact times), first at event 1 (line 2 of actual)",
                "expected: -----b---d-", "actual:   --a--c---d-",
                #"a = "new""#, #"b = {"k":[1,2]}"#,
            ], "\(result)")
        #expect(
            result.lines.count == 11 && result.lines[9].hasPrefix(#"c = {"k": "#) && result.lines[10] == #"d = "x""#)
        #expect(result.stderr == "")
    }
}
#endif
