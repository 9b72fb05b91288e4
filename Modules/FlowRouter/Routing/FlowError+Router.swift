import FlowKernel

extension FlowError.Code {
    /// A produced value that no screen handles and no screen requires.
    public static let noRoute = FlowError.Code("noRoute")
    /// More than one screen could take a value, and nothing says which.
    public static let ambiguousRoute = FlowError.Code("ambiguousRoute")
}
