extension TestStream where Element == String {
    /// A stream of strings, each element its own character, without naming the type: `TestStream("abc|", clock:
    /// clock)` is a `TestStream<String>`.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let recorder = TestStream("-a-b|", clock: clock).record(clock: clock)
    /// await clock.advance(by: .milliseconds(4))
    /// let elements = try recorder.elements.get()  // ["a", "b"]
    /// ```
    ///
    /// - Parameters: as ``init(_:values:error:frame:clock:fileID:filePath:line:column:)``'s, without `values`.
    public init(
        _ diagram: String, error: (any Error)? = nil, frame: Duration = .milliseconds(1), clock: TestClock,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(reporting: diagram, [:], error, frame, clock.core, at: (fileID, filePath, line, column))
    }

    #if canImport(Combine) || OpenCombine
    /// A stream of strings on `scheduler`'s time, each element its own character, without naming the type.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let recorder = TestStream("-a-b|", scheduler: scheduler).publisher.record(clock: scheduler.clock)
    /// scheduler.advance(by: .milliseconds(4))
    /// let elements = try recorder.elements.get()  // ["a", "b"]
    /// ```
    ///
    /// - Parameters: as ``init(_:values:error:frame:scheduler:fileID:filePath:line:column:)``'s, without `values`.
    public init(
        _ diagram: String, error: (any Error)? = nil, frame: Duration = .milliseconds(1), scheduler: TestScheduler,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(reporting: diagram, [:], error, frame, scheduler.core, at: (fileID, filePath, line, column))
    }
    #endif
}
