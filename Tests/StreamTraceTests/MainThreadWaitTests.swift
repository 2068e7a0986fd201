import Foundation
import StreamTrace
import XCTest

/// XCTest runs these on the main thread: a blocking wait there must keep
/// the main queue and the main run loop running, as `XCTestCase.wait` does.
final class MainThreadWaitTests: XCTestCase {
    /// On Linux the library finds the run loop in the process (Foundation
    /// is loaded here) instead of linking Foundation itself.
    func testTheMainRunLoopIsFoundInAProcessThatLoadsFoundation() {
        XCTAssertTrue(MainRunLoop.isMainThread)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var onAnotherThread = true
        Thread {
            onAnotherThread = MainRunLoop.isMainThread
            done.signal()
        }.start()
        done.wait()
        XCTAssertFalse(onAnotherThread)
    }

    func testWaitOnTheMainThreadKeepsTheMainQueueRunning() throws {
        XCTAssertTrue(Thread.isMainThread)
        let recorder = Recorder<String, Never>()
        DispatchQueue.main.async {
            recorder.receive("from the main queue")
            recorder.receive(completion: .finished)
        }
        XCTAssertEqual(try recorder.elements.wait(timeout: .seconds(60)), ["from the main queue"])
    }

    func testWaitOnTheMainThreadKeepsMainRunLoopTimersFiring() throws {
        let recorder = Recorder<Int, Never>()
        let timer = Timer(timeInterval: 0.005, repeats: true) { timer in
            let ticks = recorder.events.count + 1
            recorder.receive(ticks)
            if ticks == 3 {
                timer.invalidate()
                recorder.receive(completion: .finished)
            }
        }
        RunLoop.main.add(timer, forMode: .default)
        XCTAssertEqual(try recorder.elements.wait(timeout: .seconds(60)), [1, 2, 3])
    }

    func testWaitOnTheMainThreadIsWokenByAnotherThread() throws {
        let recorder = Recorder<Int, Never>()
        Thread {
            recorder.receive(1)
        }.start()
        XCTAssertEqual(try recorder.next().wait(timeout: .seconds(60)), 1)
    }

    func testWaitOnTheMainThreadTimesOut() throws {
        let recorder = Recorder<Int, Never>()
        XCTAssertThrowsError(try recorder.finished.wait(timeout: .milliseconds(20))) { error in
            XCTAssertEqual((error as? RecordingError)?.reason, .notCompleted)
        }
    }
}
