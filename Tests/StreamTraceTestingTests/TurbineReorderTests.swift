import StreamTrace
import StreamTraceTesting
import Testing

/// Turbine PR #423's scenario (cashapp/turbine, `turbineOf`, closed unmerged): a model publishes its state on one
/// stream and one-shot navigation events on another; a change makes it navigate before it updates its state, at
/// the same instant. Each stream's own expectations still pass; only the merged order of the group catches it.
@Suite struct TurbineReorderTests {
    /// A checkout screen's model: paying sets the state to "paid" and navigates to the receipt, in that order, or,
    /// after the change, the other way round.
    struct CheckoutModel {
        var navigatesFirst: Bool
        var state: (String) -> Void
        var navigation: (String) -> Void

        func pay() {
            if navigatesFirst {
                navigation("receipt")
                state("paid")
            } else {
                state("paid")
                navigation("receipt")
            }
        }
    }

    typealias Paid = (group: StreamGroup, state: Recorder<String, Never>, navigation: Recorder<String, Never>)

    /// The model's two streams recorded as one group on a test clock, after one payment.
    func paid(navigatesFirst: Bool) -> Paid {
        let group = StreamGroup(name: "checkout", clock: TestClock())
        let state = group.recorder(named: "state", of: String.self)
        let navigation = group.recorder(named: "navigation", of: String.self)
        let model = CheckoutModel(
            navigatesFirst: navigatesFirst, state: { state.receive($0) }, navigation: { navigation.receive($0) })
        model.pay()
        return (group, state, navigation)
    }

    @Test(arguments: [false, true])
    func eachStreamsOwnExpectationsPassWhicheverComesFirst(navigatesFirst: Bool) throws {
        let (_, state, navigation) = paid(navigatesFirst: navigatesFirst)
        #expect(try state.next().get() == "paid")
        #expect(try navigation.next().get() == "receipt")
    }

    @Test func theGroupsMergedOrderPassesBeforeTheChange() {
        let (group, state, navigation) = paid(navigatesFirst: false)
        expectEvents(group.events, [.value(.value("paid", in: "state")), .value(.value("receipt", in: "navigation"))])
        withExtendedLifetime((state, navigation)) {}
    }

    @Test func theGroupsMergedOrderFailsAfterTheChange() {
        let (group, state, navigation) = paid(navigatesFirst: true)
        let issues = synchronousIssues {
            expectEvents(
                group.events, [.value(.value("paid", in: "state")), .value(.value("receipt", in: "navigation"))])
        }
        withExtendedLifetime((state, navigation)) {}
        #expect(
            issues.map(\.message) == [
                """
                expectEvents: expected #1 to be value state:"paid", got value navigation:"receipt" (event 1, t=+0ns)
                     expected                    actual
                > 1  value state:"paid"          value navigation:"receipt" at t=+0ns
                  2  value navigation:"receipt"  value state:"paid" at t=+0ns
                expected: (ab)-
                actual:   (ba)-
                          ^
                a = state:"paid"
                b = navigation:"receipt"
                navigation: a-
                state:      b-
                            ^
                a = "receipt"
                b = "paid"
                navigation:a before state:b at t=+0ns
                """
            ])
    }

    @Test func theOrderExpectationPassesBeforeTheChangeAndFailsAfterWithTheLanes() throws {
        let before = paid(navigatesFirst: false)
        try before.group.events.order(.value("paid", in: "state"), before: .value("receipt", in: "navigation")).get()
        let after = paid(navigatesFirst: true)
        #expect {
            try after.group.events.order(.value("paid", in: "state"), before: .value("receipt", in: "navigation"))
                .get()
        } throws: { error in
            (error as? RecordingError)?.report == """
                order(_:before:): expected state:"paid" before navigation:"receipt", but navigation:"receipt" came \
                first (event 1, t=+0ns)
                navigation: a-
                state:      b-
                            ^
                a = "receipt"
                b = "paid"
                navigation:a before state:b at t=+0ns
                """
        }
        withExtendedLifetime((before, after)) {}
    }
}
