import FlowKernel
import Testing

/// One request a caller can get wrong, for table tests of the rule every FlowKit component keeps:
/// a bad request throws its ``/FlowKernel/FlowError`` code and changes nothing.
///
/// ```swift
/// static let cases: [BadRequest<StackNavigator<Int>>] = [
///     BadRequest("back at the root", .nothingToGoBackTo) { try $0.getBack() },
///     BadRequest("after dismissal", .flowFinished, setUp: { try $0.dismiss() }) { try $0.goNext() },
/// ]
///
/// @Test(arguments: cases)
/// func badRequestChangesNothing(_ bad: BadRequest<StackNavigator<Int>>) throws {
///     let navigator = try makeNavigator()
///     try bad.check(on: navigator) { State(rendering: host.render(), ...) }
/// }
/// ```
public struct BadRequest<Subject>: Sendable, CustomStringConvertible {
    /// What the request gets wrong, in words; the test's argument label.
    public let description: String
    /// The code the request must throw.
    public let code: FlowError.Code
    /// What brings the subject to where the request is wrong.
    public let setUp: @MainActor @Sendable (Subject) throws -> Void
    /// The bad request.
    public let request: @MainActor @Sendable (Subject) throws -> Void

    /// Describes a bad request.
    public init(
        _ description: String,
        _ code: FlowError.Code,
        setUp: @escaping @MainActor @Sendable (Subject) throws -> Void = { _ in },
        request: @escaping @MainActor @Sendable (Subject) throws -> Void
    ) {
        self.description = description
        self.code = code
        self.setUp = setUp
        self.request = request
    }

    /// Runs ``setUp``, reads `state`, runs the request, and records an issue unless it threw
    /// ``code`` and `state` reads the same afterwards.
    ///
    /// - Parameters:
    ///   - subject: What the request runs on: a navigator, a flow, a handle.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    ///   - state: Everything the request must leave as it was: a rendering, a transcript's
    ///     length, instances, callbacks.
    @MainActor
    public func check<State: Equatable>(
        on subject: Subject,
        sourceLocation: SourceLocation = #_sourceLocation,
        state: () -> State
    ) throws {
        try setUp(subject)
        let before = state()
        do {
            try request(subject)
            CheckIssues.record("\(description) was accepted; it should throw \(code).", sourceLocation: sourceLocation)
        } catch let error as FlowError {
            if error.code != code {
                CheckIssues.record("\(description) threw \(error.code), not \(code): \(error.message)", sourceLocation: sourceLocation)
            }
        } catch {
            CheckIssues.record("\(description) threw \(type(of: error)), not a FlowError with \(code).", sourceLocation: sourceLocation)
        }
        if state() != before {
            CheckIssues.record("\(description) changed something", sourceLocation: sourceLocation)
        }
    }
}
