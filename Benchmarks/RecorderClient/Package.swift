// swift-tools-version:6.1
// The recorder measured as an app gets it: a release build of a package that
// depends on StreamTrace by path and uses its public API only (no
// @testable, no package access). `make bench` builds it and reports its rows
// (the recorder and the writer) in its one table; run alone, it prints them.
import PackageDescription

let package = Package(
    name: "RecorderClient",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "StreamTrace", path: "../..")],
    targets: [
        .executableTarget(
            name: "RecorderClient", dependencies: [.product(name: "StreamTrace", package: "StreamTrace")])
    ],
    swiftLanguageModes: [.v6]
)
