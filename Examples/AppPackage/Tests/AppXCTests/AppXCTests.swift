import App
import Foundation
import StreamTrace
import StreamTraceXCTest
import XCTest

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The same three models, tested with XCTest and the helpers spelled as
/// CombineExpectations spells them.
final class AppXCTests: XCTestCase {
    func testOnlyTheLastQueryTypedWithinTheDebounceIsSearched() async throws {
        let clock = TestClock()
        let model = SearchModel(clock: clock)
        let recorder = model.results.record(name: "search", clock: clock)
        model.type("s")
        model.type("swift")
        await clock.advance(by: .milliseconds(300))
        let first = try await fulfillment(of: recorder.next(), timeout: .seconds(60))
        XCTAssertEqual(first, "swift")
        model.close()
        try await fulfillment(of: recorder.finished, timeout: .seconds(60))
        assertEvents(recorder, [.value("swift", at: .milliseconds(300)), .finished])
    }

    func testTheButtonIsEnabledHalfASecondAfterAValidEmail() throws {
        let scheduler = TestScheduler()
        let model = SignUpViewModel(scheduler: scheduler)
        let recorder = model.buttonIsEnabled.record(clock: scheduler.clock)
        model.email.send("user@company.com")
        scheduler.advance(by: .milliseconds(499))
        XCTAssertEqual(try recorder.availableElements.get(), [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(try wait(for: recorder.next(), timeout: .seconds(60)), true)
    }

    func testEveryFixArrivesThenTheUpdatesEnd() throws {
        let service = LocationService()
        let recorder = Recorder<LocationService.Fix, LocationService.Denied>(name: "location")
        service.onUpdate = { recorder.receive($0) }
        service.onEnd = { result in
            switch result {
            case .success: recorder.receive(completion: .finished)
            case .failure(let error): recorder.receive(completion: .failure(error))
            }
        }
        let fix = LocationService.Fix(latitude: 48.85, longitude: 2.35)
        DispatchQueue.global().async { service.start(reporting: [fix]) }
        XCTAssertEqual(try wait(for: recorder.elements, timeout: .seconds(60)), [fix])
        assertEvents(recorder, [.value(fix), .finished])
    }
}
