// The examples of StreamTraceXCTest's article "Coming from CombineExpectations", compiled and run over Combine
// (OpenCombine on Linux).
#if canImport(Combine) || OpenCombine
import XCTest
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import StreamTraceXCTest  // was: import CombineExpectations

final class ComingFromCombineExpectationsSnippetTests: XCTestCase {
    private struct MyError: Error {}

    func testACaughtPublisherErrorPasses() throws {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        do {
            _ = try wait(for: recorder.elements, timeout: 1)
            XCTFail("Expected error")
        } catch is MyError {}
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        if case .failure(let report) = recorder.elements.result() {
            print(report.reason)  // streamFailed
        }
        XCTAssertEqual(printed, ["streamFailed"])
    }

    func testWhatTheElementsContradictIsCaughtByCombineExpectationsName() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send("bar")
        publisher.send(completion: .finished)
        do {
            _ = try wait(for: recorder.single, timeout: 1)
            XCTFail("Expected error")
        } catch RecordingError.tooManyElements {}
        guard case .failure(let report) = recorder.single.result() else { return XCTFail("expected a failure") }
        XCTAssertEqual(report.message, "expected exactly one element, got 2")
        XCTAssertEqual(report.location?.index, 4)
        // The times are the wall clock's: the recorder has no virtual clock.
        XCTAssertTrue(report.description.hasPrefix("single: expected exactly one element, got 2 (event 5, t=+"))
        XCTAssertTrue(report.description.hasSuffix(#"a = "foo", b = "bar""#), report.description)
    }

    func testATimeoutInSecondsOrAsADurationCompiles() throws {
        let recorder = ["foo", "bar"].publisher.record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), ["foo", "bar"])
        XCTAssertEqual(try wait(for: recorder.elements, timeout: .seconds(1)), ["foo", "bar"])
        let recording = try wait(for: recorder.recording, timeout: 1)
        XCTAssertEqual(recording.output, ["foo", "bar"])
    }
}
#endif
