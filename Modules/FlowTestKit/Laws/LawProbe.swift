import FlowKernel

/// A screen the law checks make: named, with nothing else to it.
@MainActor
public final class LawProbe: Screen {
    /// The name transcripts and renderings show.
    public let displayName: String

    /// Makes a probe screen.
    public init(_ name: String) { self.displayName = name }
}
