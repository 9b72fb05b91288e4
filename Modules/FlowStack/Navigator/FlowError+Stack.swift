import FlowKernel

extension FlowError.Code {
    /// A forward request (``NavigatorHandle/goNext()``) at the end of the registry's order.
    public static let noNextScreen = FlowError.Code("noNextScreen")
}
