// libFuzzer target: `diff` on two traces built from the input (see
// Fuzz/Shared): a hostile trace — deep, wide and huge values, hostile
// strings, odd headers and times, junk lines, a cut-off tail — and the
// same trace with a few changes. Nothing may trap, and what diff says must
// hold together:
// - a trace matches itself, and the same bytes match;
// - expected against actual matches exactly when actual against expected
//   does, and ignoring time matches whenever exact times match;
// - the trace as `show --format json` writes it matches the trace, and
//   writing it again changes nothing;
// - the report and summary hold nothing a terminal would act on, once
//   escaped as `Console` escapes them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var json = HostileJSON(FuzzBytes(data, size))
    let options = FuzzChecks.options(&json.input)
    let limit = 1 + json.input.below(24)
    let expected = HostileTrace.make(&json)
    let actual = expected.changed(&json)
    let (left, right) = (expected.bytes, actual.bytes)
    FuzzChecks.dump("expected.jsonl", left)
    FuzzChecks.dump("actual.jsonl", right)

    func compare(_ a: [UInt8], _ b: [UInt8], _ time: TimeComparison) -> TraceComparison? {
        guard let a = FuzzChecks.reader(a, options, name: "expected.jsonl"),
            let b = FuzzChecks.reader(b, options, name: "actual.jsonl")
        else { return nil }
        return try? TraceComparison(expected: a, actual: b, time: time, limit: limit)
    }

    guard let same = compare(left, left, .exact) else { return 0 }
    require(same.matches, "a trace differs from itself:\n\(same.report)")
    guard let forward = compare(left, right, .exact), let backward = compare(right, left, .exact) else { return 0 }
    if left == right { require(forward.matches, "the same bytes differ:\n\(forward.report)") }
    require(
        forward.matches == backward.matches,
        "diff is not symmetric:\n\(forward.report)\n--- the other way:\n\(backward.report)")
    require(forward.differences.count <= limit, "more differences listed than the limit")
    if forward.matches, let ignored = compare(left, right, .ignored) {
        require(ignored.matches, "exact times match but ignored times differ:\n\(ignored.report)")
    }
    for comparison in [forward, backward] {
        FuzzChecks.requireSafe(comparison.report, "diff's report")
        FuzzChecks.requireSafe(comparison.summary, "diff's summary")
    }
    if let normal = FuzzChecks.normalized(left, options) {
        // A cut-off tail is a difference of its own (the normalized trace ends whole).
        if FuzzChecks.events(left, options)?.2 != .truncated {
            let read = compare(left, normal, .exact)
            require(
                read?.matches == true, "a trace differs from show --format json of it:\n\(read?.report ?? "unreadable")"
            )
        }
        require(FuzzChecks.normalized(normal, options) == normal, "show --format json of its own output differs")
    }
    return 0
}
