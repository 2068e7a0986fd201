import Foundation
import StreamTrace
import Testing

/// A recorder, its sink and its file go when the test lets go of them,
/// whatever the timeout of a wait that ended: a wait leaves nothing behind
/// that holds them (its timeout ends with it).
@Suite struct RecorderReleaseTests {
    /// How a wait with a 60 s timeout ends, long before the timeout.
    enum Ending: String, CaseIterable, Sendable {
        case blockingReturned, blockingEndedByCancel, asyncReturned, asyncEndedByCancel, asyncTaskCancelled

        var isBlocking: Bool { self == .blockingReturned || self == .blockingEndedByCancel }
    }

    static let timeout = Duration.seconds(60)

    @Test(arguments: Ending.allCases)
    func aRecorderAndItsSinkAreReleasedWhenTheTestLetsGoAfterAWait(_ ending: Ending) async throws {
        let released = ReleaseFlag()
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let recorder = Recorder<Int, Never>(clock: ManualClock(), sink: CountingSink(released))
            weakRecorder = recorder
            try await wait(ending, on: recorder)
        }
        #expect(weakRecorder == nil)
        #expect(released.isSet, "the sink outlived its recorder after a wait that \(ending.rawValue)")
    }

    @Test(arguments: Ending.allCases)
    func aRecorderClosesItsTraceFileWhenTheTestLetsGoAfterAWait(_ ending: Ending) async throws {
        let path = temporaryPath("released-\(UUID().uuidString).jsonl")
        do {
            try await wait(ending, on: Recorder(clock: ManualClock(), sink: FileTraceSink(path: path)))
        }
        #expect(OpenFiles.isOpen(path) != true, "the trace file stayed open after a wait that \(ending.rawValue)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        // The header, and the event that ended the wait if one did.
        #expect(lines.count == (ending == .asyncTaskCancelled ? 1 : 2), "\(lines)")
    }

    /// Waits on `recorder` for up to 60 s, and ends the wait as `ending`
    /// says; nothing but the caller holds the recorder when it returns.
    private func wait(_ ending: Ending, on recorder: Recorder<Int, Never>) async throws {
        let expectation = recorder.next()
        switch ending {
        case .blockingReturned, .blockingEndedByCancel:
            blockingWait(expectation, endedBy: ending)
        case .asyncReturned, .asyncEndedByCancel:
            async let waited = try? expectation.value(timeout: Self.timeout)
            try await until { recorder.waiterCount == 1 }
            if ending == .asyncReturned { recorder.receive(1) } else { recorder.cancel() }
            _ = await waited
        case .asyncTaskCancelled:
            let task = Task { try await expectation.value(timeout: Self.timeout) }
            try await until { recorder.waiterCount == 1 }
            task.cancel()
            _ = await task.result
        }
    }

    /// A blocking wait on this thread, ended from another that holds the
    /// recorder only while it feeds it.
    private func blockingWait(
        _ expectation: RecorderExpectation<Int>, endedBy ending: Ending
    ) {
        let fed = DispatchSemaphore(value: 0)
        onAnotherThread { [weak recorder = expectation.trace as? Recorder<Int, Never>] in
            while recorder?.waiterCount == 0 { usleep(100) }
            if ending == .blockingReturned { recorder?.receive(1) } else { recorder?.cancel() }
            fed.signal()
        }
        _ = try? expectation.wait(timeout: Self.timeout)
        fed.wait()
    }
}

/// Set once, from any thread.
final class ReleaseFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false

    var isSet: Bool { lock.withLock { set } }

    func raise() { lock.withLock { set = true } }
}

/// A sink that writes nothing and raises its flag when it goes.
final class CountingSink: TraceSink, @unchecked Sendable {
    let released: ReleaseFlag

    init(_ released: ReleaseFlag) {
        self.released = released
    }

    deinit { released.raise() }

    func write(line: UnsafeRawBufferPointer, isTerminal: Bool) {}
}

/// Whether this process has a file open, by its path.
enum OpenFiles {
    /// `nil` where the system does not say (only Linux's /proc is read).
    static func isOpen(_ path: String) -> Bool? {
        #if os(Linux)
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
            return nil
        }
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == target
        }
        #else
        return nil
        #endif
    }
}
