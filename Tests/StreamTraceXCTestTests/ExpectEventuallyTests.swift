import StreamTrace
import StreamTraceXCTest
import XCTest

final class ExpectEventuallyTests: FailureCapturingTestCase {
    func testPassesAtTheFirstTryThatMatches() {
        var reads = 0
        expectEventually(
            actual: {
                reads += 1
                return reads
            }, expected: 3, timeout: .seconds(60))
        XCTAssertEqual(reads, 3)
    }

    func testATimeoutIsRecordedAtTheCallersLineWithTheLastValueCompared() async {
        var reads = 0
        let line = #line + 2
        let failures = await expectFailures {
            await expectEventually(
                actual: {
                    reads += 1
                    return reads
                }, expected: 0, timeout: .seconds(1), interval: .milliseconds(10), clock: TestClock())
        }
        XCTAssertEqual(reads, 101)
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: "failed - Expected 0, but was 101 after 101 tries, timing out after 1.0 seconds",
                    file: #filePath, line: line)
            ])
    }

    func testTheMessageNamesTheValueComparedNotAFresherOne() async {
        var value = "old"
        var reads = 0
        let failures = await expectFailures {
            await expectEventually(
                actual: {
                    reads += 1
                    defer { if reads == 6 { value = "new" } }
                    return value
                }, expected: "new", timeout: .milliseconds(500), interval: .milliseconds(100), clock: TestClock())
        }
        XCTAssertEqual(value, "new")
        XCTAssertEqual(
            failures.map(\.message),
            [#"failed - Expected "new", but was "old" after 6 tries, timing out after 0.5 seconds"#])
    }

    func testASynchronousTimeoutCountsEveryTry() {
        var reads = 0
        let failures = expectFailures {
            expectEventually(
                actual: {
                    reads += 1
                    return 1
                }, expected: 2, timeout: .milliseconds(50), interval: .milliseconds(10))
        }
        // One try when the thread stalls past the timeout after the first: the
        // message counts the tries made (the exact counts are pinned on a TestClock).
        XCTAssertGreaterThanOrEqual(reads, 1)
        let tries = reads == 1 ? "1 try" : "\(reads) tries"
        XCTAssertEqual(
            failures.map(\.message),
            ["failed - Expected 2, but was 1 after \(tries), timing out after 0.05 seconds"])
    }

    func testStringsAreQuotedWithTheirSpecialCharactersEscaped() {
        let failures = expectFailures {
            expectEventually(actual: { "a\tb\"c\\" }, expected: "x\ny\r", timeout: .seconds(0))
        }
        XCTAssertEqual(
            failures.map(\.message),
            [#"failed - Expected "x\ny\r", but was "a\tb\"c\\" after 1 try, timing out after 0.0 seconds"#])
    }

    func testErrorsFromTheActualClosureAreRethrown() {
        struct Unavailable: Error {}
        XCTAssertThrowsError(try expectEventually(actual: { () throws -> Int in throw Unavailable() }, expected: 1)) {
            error in
            XCTAssertTrue(error is Unavailable)
        }
    }
}
