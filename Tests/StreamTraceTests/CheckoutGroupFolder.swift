import StreamTrace

/// A folder of three streams recorded on one `TestClock` with a `TraceDirectory`, several events at one time: the
/// group the group cursor's tests (library and `check --group`) read. The merged order is
/// `query:"s" requests:"s"` at 0, `query:"sw" results:"x" requests:"sw"` at 2ms, `results:"y"` then the three ends at
/// 4ms. Each member's lines: the header, then its events from line 2.
enum CheckoutGroupFolder {
    /// Records the group into `path` (created), named after its last component.
    static func record(at path: String) async throws {
        let clock = TestClock()
        let traces = try TraceDirectory(path: path, clock: clock)
        let query = try traces.recorder(named: "query", of: String.self)
        let requests = try traces.recorder(named: "requests", of: String.self)
        let results = try traces.recorder(named: "results", of: String.self)
        query.receive("s")
        requests.receive("s")
        await clock.advance(by: .milliseconds(2))
        query.receive("sw")
        results.receive("x")
        requests.receive("sw")
        await clock.advance(by: .milliseconds(2))
        results.receive("y")
        query.receive(completion: .finished)
        requests.receive(completion: .finished)
        results.receive(completion: .finished)
    }

    /// The merged elements' JSON, in order, as queries over the folder read them.
    static let elements = [
        #"{"stream":"query","event":"value","value":"s"}"#, #"{"stream":"requests","event":"value","value":"s"}"#,
        #"{"stream":"query","event":"value","value":"sw"}"#, #"{"stream":"results","event":"value","value":"x"}"#,
        #"{"stream":"requests","event":"value","value":"sw"}"#, #"{"stream":"results","event":"value","value":"y"}"#,
        #"{"stream":"query","event":"finished"}"#, #"{"stream":"requests","event":"finished"}"#,
        #"{"stream":"results","event":"finished"}"#,
    ]
}
