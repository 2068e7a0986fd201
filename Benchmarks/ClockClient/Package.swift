// swift-tools-version:6.1
// The virtual clock's cost (issue 33), measured as a test target gets the
// clock: a release build of a package that depends on StreamTrace by path
// and uses its public API only. `make bench` builds it twice, against this
// checkout and against the clock before issue 33 (the baseline commit,
// extracted into .build-bench-baseline), runs both in the same rounds and
// reports the rows in its one table; `make bench-clock` prints them alone.
//
// STREAMTRACE_PATH: the StreamTrace checkout to build against (default:
// this repository, ../..). STREAMTRACE_BASELINE=1: that checkout predates
// `TestClock.Schedule`, and the workloads that need it are left out.
import PackageDescription

let environment = Context.environment
let streamTrace = environment["STREAMTRACE_PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "../.."
let baseline = environment["STREAMTRACE_BASELINE"] == "1"

let package = Package(
    name: "ClockClient",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "StreamTrace", path: streamTrace)],
    targets: [
        .executableTarget(
            name: "ClockClient", dependencies: [.product(name: "StreamTrace", package: "StreamTrace")],
            swiftSettings: baseline ? [.define("STREAMTRACE_BASELINE")] : [])
    ],
    swiftLanguageModes: [.v6]
)
