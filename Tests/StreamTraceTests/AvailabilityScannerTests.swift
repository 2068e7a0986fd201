import Testing

/// The scanner and the listing on sources made up for the purpose.
@Suite(.cpuBound) struct AvailabilityScannerTests {
    @Test func versionsAreReadInACanonicalOrder() {
        #expect(
            AvailabilityScanner.platforms("@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, *)")
                == "macOS 15, iOS 18, tvOS 18, watchOS 11")
        #expect(AvailabilityScanner.platforms("@available(macOS 13.3, *)") == "macOS 13.3")
        #expect(AvailabilityScanner.platforms("@available(*, unavailable)") == nil)
        #expect(AvailabilityScanner.platforms("@available(*, deprecated, renamed: \"x\")") == nil)
        #expect(AvailabilityScanner.platforms("@available(macOS, introduced: 15)") == "")
        let floor = ["macOS": "13.0", "iOS": "16.0"]
        #expect(AvailabilityScanner.exceeds("macOS 15, iOS 18", floor))
        #expect(AvailabilityScanner.exceeds("macOS 13.1", floor))
        #expect(AvailabilityScanner.exceeds("visionOS 1", floor))
        #expect(!AvailabilityScanner.exceeds("macOS 13, iOS 16", floor))
        #expect(!AvailabilityScanner.exceeds("macOS 12", floor))
    }

    @Test func declarationsAreNamedAsDocCNamesThem() {
        let source = """
            extension AsyncSequence where Self: Sendable {
                /// Records.
                @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
                @inlinable
                public func record<C: Clock>(
                    name: String? = nil, clock: C, sink: (any TraceSink)? = nil
                ) -> Recorder<Element, Failure> where C.Duration == Duration {
                    fatalError()
                }

                @available(macOS 15.0, *)
                func notPublic() {}
            }

            @available(macOS 15.0, iOS 18.0, *)
            public struct Traced<Base: AsyncSequence>: AsyncSequence {
                public struct Iterator {
                    @available(macOS 16.0, *)
                    public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? { nil }
                    @available(macOS 16.0, *) public init(_ base: Base, count: Int) {}
                    @available(macOS 16.0, *)
                    public subscript(index: Int) -> Int { 0 }
                    @available(macOS 16.0, *)
                    public static func == (lhs: Self, rhs: Self) -> Bool { true }
                }
            }

            @available(macOS 15.0, *)
            extension Recorder.Window {
                public var last: Int { 0 }
                var hidden: Int { 0 }
            }
            """
        let found = AvailabilityScanner.declarations(in: source, file: "A.swift")
        #expect(
            found.map(\.path) == [
                "AsyncSequence/record(name:clock:sink:)", "Traced", "Traced/Iterator/next(isolation:)",
                "Traced/Iterator/init(_:count:)", "Traced/Iterator/subscript(_:)", "Traced/Iterator/==(_:_:)",
                "Recorder/Window/last",
            ])
        #expect(found.map(\.line) == [3, 15, 18, 20, 21, 23, 30])
        #expect(found[0].platforms == "macOS 15, iOS 18, tvOS 18, watchOS 11")
        #expect(found[1].platforms == "macOS 15, iOS 18")
        #expect(found.allSatisfy { $0.problem == nil })
    }

    @Test func aListedSymbolIsMatchedWithOrWithoutItsModuleAndDisambiguation() {
        let article = """
            # Availability

            ## Overview

            - ``Recorder``

            ## macOS 15, iOS 18, tvOS 18, watchOS 11

            - ``_Concurrency/AsyncSequence/record(name:sink:)``
            - ``RecorderExpectation/wait(timeout:)-(TimeInterval)``, blocking
            """
        let entries = AvailabilityListing.entries(in: article, file: "Availability.md")
        #expect(entries.map(\.line) == [9, 10])
        #expect(entries.allSatisfy { $0.platforms == "macOS 15, iOS 18, tvOS 18, watchOS 11" })
        #expect(entries[0].names("AsyncSequence/record(name:sink:)"))
        #expect(!entries[0].names("Sequence/record(name:sink:)"))
        #expect(entries[1].names("RecorderExpectation/wait(timeout:)"))
    }
}
