import FlowKernel

extension FlowEvent.Delivery {
    /// An update, delivered to the screens that handle it (``UpdateHandling``) before the router
    /// unwinds to them: `deliver CartChange to Catalog`.
    public static let update = FlowEvent.Delivery(kind: "updateDelivered", verb: "deliver")
}
