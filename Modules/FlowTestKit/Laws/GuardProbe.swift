import FlowKernel

/// A screen whose guards answer what a test sets, for testing what leave and enter guards do to
/// a flow, a host or a gesture.
///
/// ```swift
/// let editor = GuardProbe("Editor", leaving: .refuse(because: "unsaved changes"))
/// try host.push(editor, onto: "main")
/// #expect(throws: FlowError.self) { try host.pop("main") }   // refused; nothing changed
/// editor.leaving = .allow
/// try host.pop("main")
/// ```
@MainActor
public final class GuardProbe: Screen {
    /// The name transcripts and renderings show.
    public let displayName: String
    /// What the leave guard answers (``/FlowKernel/Screen/shouldLeave(by:)``).
    public var leaving: GuardVerdict
    /// What the enter guard answers (``/FlowKernel/Screen/shouldEnter(by:)``).
    public var entering: GuardVerdict
    /// Who asked each guard, in order: `leave user`, `enter shop`; clear it to watch one request.
    public var asked: [String] = []

    /// Makes a probe whose guards allow everything unless told otherwise.
    public init(_ name: String, leaving: GuardVerdict = .allow, entering: GuardVerdict = .allow) {
        self.displayName = name
        self.leaving = leaving
        self.entering = entering
    }

    /// Answers ``leaving``.
    public func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        asked.append("leave \(origin)")
        return leaving
    }

    /// Answers ``entering``.
    public func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        asked.append("enter \(origin)")
        return entering
    }
}
