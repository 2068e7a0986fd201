import App
import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// A callback API recorded by feeding a Recorder by hand, from the
/// service's own thread.
@Suite struct LocationServiceTests {
    typealias Fix = LocationService.Fix

    static func recording(_ service: LocationService) -> Recorder<Fix, LocationService.Denied> {
        let recorder = Recorder<Fix, LocationService.Denied>(name: "location")
        recorder.receiveSubscription()
        service.onUpdate = { recorder.receive($0) }
        service.onEnd = { result in
            switch result {
            case .success: recorder.receive(completion: .finished)
            case .failure(let error): recorder.receive(completion: .failure(error))
            }
        }
        return recorder
    }

    @Test func everyFixArrivesThenTheUpdatesEnd() async throws {
        let service = LocationService()
        let recorder = Self.recording(service)
        let fixes = [Fix(latitude: 48.85, longitude: 2.35), Fix(latitude: 48.86, longitude: 2.34)]
        DispatchQueue.global().async { service.start(reporting: fixes) }

        #expect(try await wait(for: recorder.elements, timeout: .seconds(60)) == fixes)
        expectEvents(recorder, [.value(fixes[0]), .value(fixes[1]), .finished])
    }

    @Test func aDeniedAccessIsTheStreamsFailure() async throws {
        let service = LocationService()
        let recorder = Self.recording(service)
        DispatchQueue.global().async { service.start(reporting: [], denied: true) }

        #expect(try await wait(for: recorder.failure, timeout: .seconds(60)) == LocationService.Denied())
        #expect(throws: LocationService.Denied()) { try recorder.finished.get() }  // the stream's own error
    }
}
