// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "StreamTrace",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "StreamTrace", targets: ["StreamTrace"]),
        // Test-framework glue: for test targets only, never for apps.
        .library(name: "StreamTraceXCTest", targets: ["StreamTraceXCTest"]),
        .library(name: "StreamTraceTesting", targets: ["StreamTraceTesting"]),
        .executable(name: "streamtrace", targets: ["StreamTraceCLI"]),
    ],
    traits: [
        .trait(
            name: "OpenCombine",
            description: "Builds the Combine integration against OpenCombine where Apple's Combine is missing (Linux)."
        )
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0")
    ],
    targets: [
        .target(
            name: "StreamTrace",
            dependencies: [
                "StreamTraceCounter", "StreamTraceBytes",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
                .product(
                    name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ]
        ),
        // The processor's time-stamp counter, inlined into the recording path (C: Swift cannot emit it).
        .target(name: "StreamTraceCounter"),
        // SSE2's byte mask gather for the scanner's classification (C: Swift cannot emit it).
        .target(name: "StreamTraceBytes"),
        // What both glue libraries share, importing neither test framework: the
        // assertions and eventual polling, which return a failure that each glue
        // module reports to its own framework. StreamTraceTesting links Testing
        // only, StreamTraceXCTest XCTest only.
        .target(name: "StreamTraceTestSupport", dependencies: ["StreamTrace"]),
        .target(name: "StreamTraceXCTest", dependencies: ["StreamTrace", "StreamTraceTestSupport"]),
        .target(name: "StreamTraceTesting", dependencies: ["StreamTrace", "StreamTraceTestSupport"]),
        // SwiftPM compiles timeline.html in (PackageResources.timeline_html): an
        // installed streamtrace needs no file beside it, and needs no Foundation.
        .executableTarget(
            name: "StreamTraceCLI", dependencies: ["StreamTrace"], resources: [.embedInCode("Timeline/timeline.html")]),
        // Not products: make bench's runner, in Benchmarks/ beside its client packages, and in Tools/
        // make demo's recorder, the crash writer of the crash-safety tests, headless Chromium driven
        // over --remote-debugging-pipe (the browser tests, make bench) and the updater of the page's
        // CSP hashes (make timeline-csp).
        .executableTarget(
            name: "StreamTraceBenchmarks", dependencies: ["StreamTrace", "StreamTraceBrowser"],
            path: "Benchmarks/StreamTraceBenchmarks"),
        .executableTarget(name: "StreamTraceDemo", dependencies: ["StreamTrace"], path: "Tools/StreamTraceDemo"),
        .executableTarget(
            name: "StreamTraceCrashWriter", dependencies: ["StreamTrace"], path: "Tools/StreamTraceCrashWriter"),
        .target(name: "StreamTraceBrowser", dependencies: ["StreamTrace"], path: "Tools/StreamTraceBrowser"),
        .executableTarget(
            name: "UpdateTimelineCSP", dependencies: ["StreamTraceBrowser"], path: "Tools/UpdateTimelineCSP"),
        .testTarget(
            name: "StreamTraceTests",
            dependencies: [
                "StreamTrace", "StreamTraceCLI", "StreamTraceCrashWriter",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
                .product(
                    name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ]
        ),
        // show --format html pages in headless Chromium (skipped when none is installed).
        .testTarget(
            name: "StreamTraceBrowserTests", dependencies: ["StreamTrace", "StreamTraceBrowser", "StreamTraceCLI"]),
        // __Traces__: golden traces, read through #filePath.
        .testTarget(
            name: "StreamTraceXCTestTests", dependencies: ["StreamTrace", "StreamTraceXCTest", "StreamTraceTesting"],
            exclude: ["__Traces__"]),
        // CombineExpectations' own documentation tests, ported with only their imports changed (MIT, see LICENSE).
        .testTarget(
            name: "CombineExpectationsTests",
            dependencies: [
                "StreamTraceXCTest",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ],
            exclude: ["LICENSE"]),
        .testTarget(
            name: "StreamTraceTestingTests",
            dependencies: [
                "StreamTrace", "StreamTraceTesting", "StreamTraceTestSupport",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ],
            exclude: ["__Traces__"]),
    ],
    swiftLanguageModes: [.v6]
)
