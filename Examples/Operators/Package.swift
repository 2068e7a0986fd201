// swift-tools-version:6.1
// Two operators a user wrote, tested with marbles: `debounce` over
// AsyncSequence and `combineLatest` over Combine (OpenCombine on Linux).
// The library links only Combine; the test target adds StreamTraceTesting.
// `make test-operators` runs it.
import PackageDescription

let package = Package(
    name: "Operators",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(name: "StreamTrace", path: "../..", traits: ["OpenCombine"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
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
            ]),
    ],
    swiftLanguageModes: [.v6]
)
