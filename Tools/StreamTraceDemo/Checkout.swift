import StreamTrace

/// `make demo`, step 2: one feature, three streams, one clock. A checkout
/// screen's cart, payment and confirmation streams recorded by hand into a
/// ``TraceDirectory`` on a ``TestClock``: every trace's header carries the
/// clock's reading at its subscription (`at`), so `streamtrace show DIR`
/// draws the three on one time axis. Virtual time: the same traces on
/// every run.
enum Checkout {
    struct Item: Encodable, Sendable {
        var sku: String
        var quantity: Int
    }

    struct PaymentDeclined: Error, CustomStringConvertible {
        var description: String { "the card was declined (insufficient funds)" }
    }

    static func record(into folder: String) async throws {
        let clock = TestClock()
        let traces = try TraceDirectory(path: folder, clock: clock)
        let cart = try traces.recorder(named: "cart", of: [Item].self)
        let payment = try traces.recorder(named: "payment", of: String.self, failure: PaymentDeclined.self)
        let confirmation = try traces.recorder(named: "confirmation", of: String.self)

        cart.receiveSubscription()
        cart.receive([])
        for (delay, items) in [
            (120, [Item(sku: "tea", quantity: 1)]),
            (340, [Item(sku: "tea", quantity: 2)]),
            (260, [Item(sku: "tea", quantity: 2), Item(sku: "mug", quantity: 1)]),
        ] {
            await clock.advance(by: .milliseconds(delay))
            cart.receive(items)
        }
        await clock.advance(by: .milliseconds(180))
        cart.receive(completion: .finished)
        payment.receiveSubscription()
        confirmation.receiveSubscription()
        for (delay, state) in [(40, "authorizing"), (650, "3-D Secure challenge"), (900, "retrying")] {
            await clock.advance(by: .milliseconds(delay))
            payment.receive(state)
        }
        await clock.advance(by: .milliseconds(420))
        payment.receive(completion: .failure(PaymentDeclined()))
        await clock.advance(by: .milliseconds(30))
        confirmation.receive("payment failed: try another card")
        await clock.advance(by: .milliseconds(1_200))
        confirmation.cancel()
    }
}
