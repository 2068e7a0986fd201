// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "StreamTrace",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "StreamTrace", targets: ["StreamTrace"]),
        .executable(name: "streamtrace", targets: ["StreamTraceCLI"]),
        .executable(name: "streamtrace-bench", targets: ["StreamTraceBenchmarks"]),
        .executable(name: "streamtrace-demo", targets: ["StreamTraceDemo"]),
    ],
    targets: [
        .target(name: "StreamTrace"),
        .executableTarget(name: "StreamTraceCLI", dependencies: ["StreamTrace"]),
        .executableTarget(name: "StreamTraceBenchmarks", dependencies: ["StreamTrace"]),
        .executableTarget(name: "StreamTraceDemo", dependencies: ["StreamTrace"]),
        .testTarget(name: "StreamTraceTests", dependencies: ["StreamTrace", "StreamTraceCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
