// swift-tools-version:6.1
// Operators tested with marbles on virtual time: two a user wrote, `debounce`
// over AsyncSequence and `combineLatest` over Combine (OpenCombine on Linux),
// and swift-async-algorithms' as they ship: `merge` (elements of its inputs
// in one frame: the inputs' order by default, either order under a random
// schedule), `debounce` and the timer (`AsyncTimerSequence`), each checked
// after every `advance`; and its own marble tests ported from its validation
// DSL: `buffer`'s policies (`bufferingOldest`, `bufferingNewest`, slow pace,
// failure forwarding, limit 0) and the delay-next cases, paced by a demand
// diagram (`record(clock:demand:)`), a cancel at a frame by subscription
// marbles (`record(clock:subscription:)`), and the examples of docs/marbles.md's
// "Coming from swift-async-algorithms' validation DSL". Tests whose drawing
// holds whatever the order of same-instant work run under 100 seeded
// schedules too (`.exploringSchedules(100)`). The library links only Combine;
// the test target adds StreamTraceTesting and AsyncAlgorithms. `make
// test-operators` runs it.
import PackageDescription

let package = Package(
    name: "Operators",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(name: "StreamTrace", path: "../..", traits: ["OpenCombine"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.1.4"),
    ],
    targets: [
        .target(
            name: "Operators",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))
            ]),
        .testTarget(
            name: "OperatorsTests",
            dependencies: [
                "Operators", .product(name: "StreamTraceTesting", package: "StreamTrace"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
