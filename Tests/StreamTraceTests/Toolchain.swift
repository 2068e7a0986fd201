#if os(macOS) || os(Linux)
import Foundation

/// Where the running test binary was built, and the toolchain's tools.
enum Toolchain {
    /// The build's products folder (`.build/TRIPLE/debug`, or another
    /// scratch path's): the test binary's folder, which also holds each
    /// target's objects (`TARGET.build/`) and modules (`Modules/`).
    static let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()

    /// The toolchain's `name` tool: on `PATH`, else next to the real path of
    /// `swift` on `PATH`; `nil` when neither has it.
    static func tool(_ name: String) -> String? {
        let manager = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init)
        if let found = folders.map({ $0 + "/" + name }).first(where: manager.isExecutableFile(atPath:)) {
            return found
        }
        for folder in folders where manager.isExecutableFile(atPath: folder + "/swift") {
            let swift = URL(fileURLWithPath: folder + "/swift").resolvingSymlinksInPath()
            let candidate = swift.deletingLastPathComponent().appendingPathComponent(name).path
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
#endif
