/// The error every FlowKit component throws when a request cannot be carried out.
///
/// A request that throws a `FlowError` has changed nothing: stacks, screens, registrations and
/// callbacks are as they were before the call. Match on ``code``; show ``message`` to people.
///
/// ```swift
/// do {
///     try navigator.getBack()
/// } catch let error as FlowError where error.code == .nothingToGoBackTo {
///     // already at the root
/// }
/// ```
public struct FlowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. Codes are open: modules and apps may add their own.
    public let code: Code
    /// A sentence for people that says what was asked and why it cannot be done.
    public let message: String
    /// The names of the types involved, such as the screen type that is not registered.
    public let types: [String]

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure this is.
    ///   - message: A sentence for people.
    ///   - types: The types involved; their names are kept.
    public init(_ code: Code, _ message: String, types: [Any.Type] = []) {
        self.code = code
        self.message = message
        self.types = types.map { String(describing: $0) }
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }

    /// An error as a `FlowError`: itself if it is one, else ``Code/handlerFailed`` naming it — for
    /// errors that app code (a handler, a closure) throws into a flow.
    public static func wrapping(_ error: any Error) -> FlowError {
        if let error = error as? FlowError { return error }
        return FlowError(.handlerFailed, "A handler threw \(type(of: error)): \(error)", types: [type(of: error)])
    }
}

extension FlowError {
    /// An open set of failure kinds.
    ///
    /// The kernel declares the codes every product shares; a product declares its own (FlowStack's
    /// `noNextScreen`, FlowRouter's `noRoute` and `ambiguousRoute`, FlowRecording's
    /// `invalidRecording`). Add a code of your own in an extension:
    ///
    /// ```swift
    /// extension FlowError.Code {
    ///     static let signInRequired = FlowError.Code("signInRequired")
    /// }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as it appears in messages and transcripts.
        public let name: String

        /// Makes a code. Two codes with the same name are the same code.
        public init(_ name: String) { self.name = name }

        public var description: String { name }

        /// No screen of the requested type (and identifier) is registered.
        public static let unregisteredScreen = Code("unregisteredScreen")
        /// A value of the wrong type was given where a typed argument, context or input was expected,
        /// or a plain registration was given an argument, or an argument registration none.
        public static let argumentTypeMismatch = Code("argumentTypeMismatch")
        /// A back request at the root, or a dismissal when nothing is presented.
        public static let nothingToGoBackTo = Code("nothingToGoBackTo")
        /// A request to a flow that has already finished.
        public static let flowFinished = Code("flowFinished")
        /// A navigation request to a flow that has not been started yet.
        public static let flowNotStarted = Code("flowNotStarted")
        /// A second start of a flow that is already running.
        public static let flowAlreadyStarted = Code("flowAlreadyStarted")
        /// An index outside the valid range.
        public static let indexOutOfRange = Code("indexOutOfRange")
        /// A navigation request made while another one is being carried out.
        public static let reentrantNavigation = Code("reentrantNavigation")
        /// A request the host cannot carry out, such as showing a screen that is already shown.
        public static let hostRejected = Code("hostRejected")
        /// A screen factory failed to make its screen.
        public static let factoryFailed = Code("factoryFailed")
        /// A person's gesture that a screen does not allow (``Screen/allowsInteractiveBack``,
        /// ``Screen/allowsInteractiveDismissal``).
        public static let gestureRefused = Code("gestureRefused")
        /// A change that a screen's guard refused (``Screen/shouldLeave(by:)``,
        /// ``Screen/shouldEnter(by:)``).
        public static let guardRefused = Code("guardRefused")
        /// A screen, container or value that the request names is not where the request expects it.
        public static let notFound = Code("notFound")
        /// A handler or closure that the app gave a flow threw an error that is not a `FlowError`.
        public static let handlerFailed = Code("handlerFailed")
        /// A saved navigation that cannot be read: malformed, too large or too deep, or of a
        /// schema version the app has no migration from (or newer than it knows).
        public static let invalidSnapshot = Code("invalidSnapshot")
    }
}
