import FlowExplorer
import FlowKernel
import FlowRuntime
import FlowStage
import Testing

/// A state an app is in when a link arrives: a fresh start, the middle of a flow, a modal
/// presented, another tab selected, a guard not yet satisfied. ``LinkMatrix`` opens the same link
/// from each.
///
/// ```swift
/// let modal = LinkStart<ShopSession>("cart open") { try $0.run(Command("cart")!) }
/// ```
@MainActor
public struct LinkStart<Subject> {
    /// How the state is named in failures.
    public let name: String
    /// Brings a fresh subject to the state.
    public let reach: @MainActor (Subject) throws -> Void

    /// Makes a starting state.
    ///
    /// - Parameters:
    ///   - name: how the state is named in failures.
    ///   - reach: brings a fresh subject to the state, as a person would.
    public init(_ name: String, reach: @escaping @MainActor (Subject) throws -> Void) {
        self.name = name
        self.reach = reach
    }

    /// The app as it starts, before anyone has done anything.
    public static var freshStart: LinkStart { LinkStart("fresh start") { _ in } }
}

/// What opening a link from one starting state did.
public struct LinkArrival: Sendable, CustomStringConvertible {
    /// The starting state's name.
    public let start: String
    /// What the host shows afterwards, as a text tree.
    public let rendered: String
    /// The events from the link's opening on.
    public let transcript: Transcript
    /// Why the link was not opened, if it was not.
    public let error: FlowError?

    /// The starting state, then the tree or the error.
    public var description: String {
        "from \(start):\n" + (error.map { "refused: \($0)" } ?? rendered)
    }
}

/// Opens one link from many starting states, each on a fresh subject, and reports what each did
/// (anchors D12: cold start, warm with an arbitrary stack, over a modal, on another tab).
///
/// ```swift
/// let matrix = LinkMatrix(starts: [.freshStart, signedIn, cartOpen, accountTab]) {
///     try ShopSession(strategy: .router)
/// } host: { $0.host } open: { try $0.open($1) }
///
/// matrix.expect("shop://product/shoes", arrivesAt: """
///     stack shop
///       ...
///     """)
/// ```
@MainActor
public struct LinkMatrix<Subject> {
    /// The starting states, in order.
    public let starts: [LinkStart<Subject>]
    private let make: @MainActor () throws -> Subject
    private let host: @MainActor (Subject) -> any PresentationHost
    private let open: @MainActor (Subject, String) throws -> Void

    /// Makes a matrix.
    ///
    /// - Parameters:
    ///   - starts: the starting states to open each link from.
    ///   - make: makes a fresh subject (an app, a session) for each state.
    ///   - host: the subject's host, whose events and hierarchy are read.
    ///   - open: opens a link on the subject.
    public init(
        starts: [LinkStart<Subject>],
        make: @escaping @MainActor () throws -> Subject,
        host: @escaping @MainActor (Subject) -> any PresentationHost,
        open: @escaping @MainActor (Subject, String) throws -> Void
    ) {
        self.starts = starts
        self.make = make
        self.host = host
        self.open = open
    }

    /// Opens a link from every starting state.
    ///
    /// - Parameters:
    ///   - link: the link to open.
    ///   - then: runs after the link is opened, on the same subject, before the state is read:
    ///     sign in, then see the parked link arrive.
    /// - Returns: one arrival per state, in order.
    /// - Throws: what making a subject or reaching a state throws: the matrix itself is wrong then.
    public func open(_ link: String, then: ((Subject) throws -> Void)? = nil) throws -> [LinkArrival] {
        try starts.map { start in
            let subject = try make()
            try start.reach(subject)
            let host = host(subject)
            let recorder = TranscriptRecorder(observing: host)
            defer { host.removeObserver(recorder) }
            var refusal: FlowError?
            do {
                try open(subject, link)
                try then?(subject)
            } catch {
                refusal = FlowError.wrapping(error)
            }
            return LinkArrival(start: start.name, rendered: host.hierarchy.textTree, transcript: recorder.transcript, error: refusal)
        }
    }

    /// Records an issue for every starting state from which a link was refused, or did not end
    /// showing `expected`, or whose transcript does not say it arrived exactly once.
    ///
    /// - Parameters:
    ///   - link: the link to open.
    ///   - expected: the text tree the host must show afterwards, from every state.
    ///   - then: runs after the link is opened, before the state is read.
    ///   - sourceLocation: where a failure is reported; the caller's line by default.
    /// - Returns: the arrivals, for further checks.
    @discardableResult
    public func expect(
        _ link: String,
        arrivesAt expected: String,
        then: ((Subject) throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [LinkArrival] {
        let arrivals = try open(link, then: then)
        for arrival in arrivals {
            if let error = arrival.error {
                CheckIssues.record("\(link) from \(arrival.start) was refused: \(error)", sourceLocation: sourceLocation)
                continue
            }
            if let diff = LineDiff.diff(expected: expected, actual: arrival.rendered) {
                CheckIssues.record("\(link) from \(arrival.start) shows another hierarchy (- expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
            }
            let arrived = arrival.transcript.lines.filter { $0.hasPrefix("(link) arrive \(link)") }.count
            if arrived != 1 {
                CheckIssues.record(
                    "\(link) from \(arrival.start) arrived \(arrived) times; the transcript:\n\(arrival.transcript)", sourceLocation: sourceLocation)
            }
        }
        return arrivals
    }
}
