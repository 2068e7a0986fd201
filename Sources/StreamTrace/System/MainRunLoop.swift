#if canImport(Darwin)
import Foundation
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The main thread's run loop, for the waits that block the main thread
/// (`wait(timeout:)`, `expectEventually`): while they wait, the main run
/// loop and the main queue keep running, as `XCTestCase.wait` does.
///
/// On Apple platforms this is Foundation's `RunLoop`. On Linux the library
/// does not link Foundation (a program like `streamtrace` that only reads
/// traces would carry Foundation's ICU data, 50 MB, for nothing): the run
/// loop is Core Foundation's, found at run time in the process, where
/// Foundation is loaded whenever something can have scheduled work on the
/// main run loop. In a process without Foundation there is no run loop to
/// keep running, and a wait blocks as it does on any other thread.
package enum MainRunLoop {
    /// Whether the calling thread is the main thread and has a run loop to
    /// keep running (on Linux, without Foundation in the process, no
    /// thread has one, and this is `false`).
    package static var isMainThread: Bool {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #else
        return CoreFoundationRunLoop.shared?.isMainThread() ?? false
        #endif
    }

    /// Runs the main run loop in its default mode until `seconds` have
    /// passed or a source was handled; `false` if it has nothing to run (or
    /// there is no run loop in the process), without waiting.
    package static func run(seconds: Double) -> Bool {
        #if canImport(Darwin)
        return RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: seconds))
        #else
        guard let coreFoundation = CoreFoundationRunLoop.shared else { return false }
        return coreFoundation.run(seconds: seconds)
        #endif
    }

    /// Whether a run loop was found in the process (always, on Apple
    /// platforms; on Linux, when Foundation is loaded).
    package static var isAvailable: Bool {
        #if canImport(Darwin)
        return true
        #else
        return CoreFoundationRunLoop.shared != nil
        #endif
    }
}

#if !canImport(Darwin)
/// `CFRunLoopRunInMode(kCFRunLoopDefaultMode, …)` and `_CFIsMainThread()`
/// (what `RunLoop.main.run(mode:before:)` and `Thread.isMainThread` call),
/// looked up in the process: Foundation on Linux carries Core Foundation
/// and exports it.
private struct CoreFoundationRunLoop: @unchecked Sendable {
    typealias RunInMode = @convention(c) (UnsafeRawPointer?, Double, UInt8) -> Int32
    typealias IsMainThread = @convention(c) () -> UInt8
    /// `kCFRunLoopRunFinished`: the mode has no sources or timers.
    static let finished: Int32 = 1

    let runInMode: RunInMode
    let defaultMode: UnsafeRawPointer?
    let isMainThreadFunction: IsMainThread

    static let shared: CoreFoundationRunLoop? = {
        let process = dlopen(nil, RTLD_NOW)
        guard let function = dlsym(process, "CFRunLoopRunInMode"),
            let mode = dlsym(process, "kCFRunLoopDefaultMode"),
            let isMain = dlsym(process, "_CFIsMainThread")
        else { return nil }
        return CoreFoundationRunLoop(
            runInMode: unsafeBitCast(function, to: RunInMode.self),
            defaultMode: mode.load(as: UnsafeRawPointer?.self),
            isMainThreadFunction: unsafeBitCast(isMain, to: IsMainThread.self))
    }()

    func isMainThread() -> Bool { isMainThreadFunction() != 0 }

    func run(seconds: Double) -> Bool {
        runInMode(defaultMode, max(seconds, 0), 1) != Self.finished
    }
}
#endif
