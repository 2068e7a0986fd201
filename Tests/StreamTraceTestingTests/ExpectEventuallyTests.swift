import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

@Suite struct ExpectEventuallyTests {
    @Test func passesAtTheFirstTryThatMatches() {
        var reads = 0
        expectEventually(
            actual: {
                reads += 1
                return reads
            }, expected: 3, timeout: .seconds(60))
        // Read three times: 1, 2, 3 — and not once more.
        #expect(reads == 3)
    }

    @Test func anAsyncExpectationPassesAtTheFirstTryThatMatches() async {
        var reads = 0
        await expectEventually(
            actual: {
                reads += 1
                return reads
            }, expected: 3, timeout: .seconds(60), clock: TestClock())
        #expect(reads == 3)
    }

    @Test func aTimeoutRecordsTheLastValueComparedAndTheTries() async {
        var reads = 0
        let line = #line + 2
        let issues = await recordedIssues {
            await expectEventually(
                actual: {
                    reads += 1
                    return reads
                }, expected: -1, timeout: .seconds(1), interval: .milliseconds(10), clock: TestClock())
        }
        // Virtual time: a try at 0, 10ms, … 1s.
        #expect(reads == 101)
        #expect(issues.map(\.message) == ["Expected -1, but was 101 after 101 tries, timing out after 1.0 seconds"])
        #expect(issues.map(\.line) == [line])
    }

    @Test func theMessageNamesTheValueComparedNotAFresherOne() async {
        // The value changes right after the last comparison: the message
        // reports what was compared (1), not what a new read would give (2).
        var value = 1
        var reads = 0
        let issues = await recordedIssues {
            await expectEventually(
                actual: {
                    reads += 1
                    defer { if reads == 11 { value = 2 } }
                    return value
                }, expected: 2, timeout: .milliseconds(100), interval: .milliseconds(10), clock: TestClock())
        }
        #expect(value == 2)
        #expect(issues.map(\.message) == ["Expected 2, but was 1 after 11 tries, timing out after 0.1 seconds"])
    }

    @Test func waitsInVirtualTimeOnATestClock() async {
        let clock = TestClock()
        let start = ContinuousClock.now
        let issues = await recordedIssues {
            await expectEventually(
                actual: { 0 }, expected: 1, timeout: .seconds(3600), interval: .seconds(60), clock: clock)
        }
        #expect(clock.now == .init(offset: .seconds(3600)))
        #expect(ContinuousClock.now - start < .seconds(60))  // an hour of virtual time, not of wall time
        #expect(issues.map(\.message) == ["Expected 1, but was 0 after 61 tries, timing out after 3600.0 seconds"])
    }

    @Test func theClockDrivesWhatIsAwaited() async throws {
        let clock = TestClock()
        let recorder = ticks(3, on: clock).record(clock: clock)
        await expectEventually(
            actual: { recorder.events.count { $0.event.kind == .value } }, expected: 2, timeout: .seconds(3600),
            interval: .seconds(1),
            clock: clock)
        #expect(clock.now.offset >= .seconds(2))
    }

    @Test func stringsAreQuotedWithTheirSpecialCharactersEscaped() {
        let issues = synchronousIssues {
            expectEventually(actual: { "tab\there \\ \"quoted\"\r\n" }, expected: "line\nbreak", timeout: .seconds(0))
        }
        #expect(
            issues.map(\.message) == [
                #"Expected "line\nbreak", but was "tab\there \\ \"quoted\"\r\n" after 1 try, timing out after 0.0 seconds"#
            ])
    }

    /// On the wall clock the number of tries depends on the machine (one,
    /// when the thread stalls past the timeout after the first): the
    /// message counts the tries made, however many. The exact counts are
    /// pinned on a ``TestClock`` above.
    @Test func aSynchronousTimeoutCountsEveryTry() {
        var reads = 0
        let issues = synchronousIssues {
            expectEventually(
                actual: {
                    reads += 1
                    return "never"
                }, expected: "done", timeout: .milliseconds(200), interval: .milliseconds(10))
        }
        #expect(reads >= 1)
        let tries = reads == 1 ? "1 try" : "\(reads) tries"
        #expect(
            issues.map(\.message) == [
                #"Expected "done", but was "never" after \#(tries), timing out after 0.2 seconds"#
            ])
    }

    @Test func errorsFromTheActualClosureAreRethrown() {
        var reads = 0
        #expect(throws: Timeout()) {
            try expectEventually(
                actual: {
                    reads += 1
                    if reads == 2 { throw Timeout() }
                    return 0
                }, expected: 1, timeout: .seconds(60))
        }
        #expect(reads == 2)
    }
}
