// swift-tools-version:6.1
// An app-style package that depends on StreamTrace the way the README's
// "Use StreamTrace in your package" says: the app links only `StreamTrace`,
// the test targets add the glue, Combine comes from OpenCombine on Linux,
// and the golden-trace folders are excluded. `make test-app-package` runs it.
import PackageDescription

let package = Package(
    name: "AppPackage",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    // From here to `swiftLanguageModes` this is the README's manifest, but
    // for the path: a dependent names StreamTrace by URL (a test keeps both the same).
    dependencies: [
        .package(name: "StreamTrace", path: "../..", traits: ["OpenCombine"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [
                .product(name: "StreamTrace", package: "StreamTrace"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", .product(name: "StreamTraceTesting", package: "StreamTrace")],
            exclude: ["__Traces__"]),
        .testTarget(
            name: "AppXCTests",
            dependencies: ["App", .product(name: "StreamTraceXCTest", package: "StreamTrace")]),
    ],
    swiftLanguageModes: [.v6]
)
