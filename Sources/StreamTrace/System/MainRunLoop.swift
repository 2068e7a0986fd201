#if canImport(Darwin)
import Foundation
#endif

/// The main thread's run loop, for the waits that block the main thread (`wait(timeout:)`, `expectEventually`):
/// while they wait, the main run loop and the main queue keep running, as under `XCTestCase.wait`.
///
/// On Apple platforms this is Foundation's `RunLoop`. On Linux the library does not link Foundation (a trace reader
/// like `streamtrace` would carry its 50 MB of ICU data for nothing) but finds Core Foundation's run loop in the
/// process at run time; without Foundation loaded there is none, and a wait blocks as on any other thread.
package enum MainRunLoop {
    /// Whether the calling thread is the main thread and has a run loop to keep running.
    package static var isMainThread: Bool {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #else
        return CoreFoundationRunLoop.shared.map { $0.isMainThread() != 0 } ?? false
        #endif
    }

    /// Runs the main run loop in its default mode until `seconds` pass or a source is handled; `false`, without
    /// waiting, if it has nothing to run or there is no run loop.
    package static func run(seconds: Double) -> Bool {
        #if canImport(Darwin)
        return RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: seconds))
        #else
        guard let loop = CoreFoundationRunLoop.shared else { return false }
        return loop.runInMode(loop.defaultMode, max(seconds, 0), 1) != CoreFoundationRunLoop.finished
        #endif
    }
}

#if !canImport(Darwin)
/// `CFRunLoopRunInMode(kCFRunLoopDefaultMode, …)` and `_CFIsMainThread()` (behind `RunLoop.main.run(mode:before:)`
/// and `Thread.isMainThread`), looked up in the process, where Foundation on Linux exports them.
private struct CoreFoundationRunLoop: @unchecked Sendable {
    typealias RunInMode = @convention(c) (UnsafeRawPointer?, Double, UInt8) -> Int32
    typealias IsMainThread = @convention(c) () -> UInt8
    /// `kCFRunLoopRunFinished`: the mode has no sources or timers.
    static let finished: Int32 = 1

    let runInMode: RunInMode
    let defaultMode: UnsafeRawPointer?
    let isMainThread: IsMainThread

    static let shared: CoreFoundationRunLoop? = {
        guard let function = SystemCall.symbol("CFRunLoopRunInMode"),
            let mode = SystemCall.symbol("kCFRunLoopDefaultMode"), let isMain = SystemCall.symbol("_CFIsMainThread")
        else { return nil }
        return CoreFoundationRunLoop(
            runInMode: unsafeBitCast(function, to: RunInMode.self),
            defaultMode: mode.load(as: UnsafeRawPointer?.self),
            isMainThread: unsafeBitCast(isMain, to: IsMainThread.self))
    }()
}
#endif
