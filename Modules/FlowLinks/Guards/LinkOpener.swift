import FlowKernel
import FlowRuntime

/// Opens links: reads one, finds its destination, asks the guards, and arrives — or parks the link
/// until a guard's condition holds, and resumes it then, exactly once.
///
/// How to arrive is the app's, in the terms of the strategy it is written in: a stack navigator
/// sets its stack, a router shows the path its types describe, a coordinator starts its children.
/// The opener decides *whether* and *where*; `arrive` decides *how*, and must change everything or
/// nothing, as every FlowKit request does.
///
/// ```swift
/// let opener = LinkOpener(links: links, reportingTo: host, guards: [signIn]) { destination in
///     try shop.arrive(at: destination)
/// }
/// try opener.open("shop://product/shoes")   // signed out: parked, sign-in shown
/// // ... the user signs in ...
/// try opener.resumePending()                // arrives at the product
/// ```
///
/// ## What a transcript shows
/// Every call to ``open(_:)-(String)`` reports `(link) open <link>`, then what the guards decided
/// (`redirect`, `defer`), then the host's own changes as `arrive` makes them, then
/// `(link) arrive <link>`. A link that cannot be opened reports `(link) refuse <link>: <why>` and
/// throws; what was shown, and any link already parked, stay as they were. A parked link that a
/// newer one replaces reports `(link) drop <link>: superseded by <newer>`.
@MainActor
public final class LinkOpener<Destination> {
    /// The links this opener reads.
    public let links: LinkMap<Destination>
    /// The guards, asked in order for every destination.
    public var guards: [LinkGuard<Destination>]
    /// How many redirects one link may take before it is refused.
    public var redirectLimit: Int
    /// The link waiting for a guard's condition, if one is.
    public private(set) var pending: PendingLink<Destination>?

    private let host: any PresentationHost
    private let describe: (Destination) -> String
    private let arrive: @MainActor (Destination) throws -> Void

    /// Makes an opener.
    ///
    /// - Parameters:
    ///   - links: the patterns and their destinations.
    ///   - host: where the opener reports its decisions, so they share the transcript with the
    ///     changes they cause.
    ///   - guards: asked in order for every destination.
    ///   - redirectLimit: how many redirects one link may take; 4 unless given.
    ///   - describe: names a destination in events and errors; must tell destinations apart, as
    ///     redirect loops are found by it. `String(describing:)` unless given.
    ///   - arrive: shows a destination, all or nothing, throwing a ``/FlowKernel/FlowError`` when it
    ///     cannot.
    public init(
        links: LinkMap<Destination>,
        reportingTo host: any PresentationHost,
        guards: [LinkGuard<Destination>] = [],
        redirectLimit: Int = 4,
        describe: @escaping (Destination) -> String = { String(describing: $0) },
        arrive: @escaping @MainActor (Destination) throws -> Void
    ) {
        self.links = links
        self.host = host
        self.guards = guards
        self.redirectLimit = redirectLimit
        self.describe = describe
        self.arrive = arrive
    }

    /// Reads a link and opens it.
    ///
    /// - Returns: where it arrived, or that it was parked.
    /// - Throws: ``/FlowKernel/FlowError``, having changed nothing and kept any parked link: the
    ///   codes of ``LinkMap`` for a link that cannot be read or matched;
    ///   ``FlowKernel/FlowError/Code/linkRefused`` when a guard refuses;
    ///   ``FlowKernel/FlowError/Code/redirectLoop`` for a redirect chain that loops or is too long;
    ///   what `arrive` throws; ``/FlowKernel/FlowError/Code/reentrantNavigation`` while the host is
    ///   making a change or delivering an event.
    @discardableResult
    public func open(_ text: String) throws -> LinkResult<Destination> {
        try open(text) { try Link(text) }
    }

    /// Opens a link already read.
    ///
    /// - Throws: as ``open(_:)-(String)`` does.
    @discardableResult
    public func open(_ link: Link) throws -> LinkResult<Destination> {
        try open(link.text) { link }
    }

    private func open(_ text: String, read: () throws -> Link) throws -> LinkResult<Destination> {
        try requireIdle(text)
        report("open", text)
        let destination: Destination
        let link: Link
        do {
            link = try read()
            destination = try links.destination(for: link)
        } catch {
            let error = FlowError.wrapping(error)
            report("refuse", text, error.message)
            throw error
        }
        return try go(to: destination, link: link, resuming: false)
    }

    /// Tries the parked link again, now that what its guard waited for may hold: call it when the
    /// condition changes (the user signed in) and the app is between requests.
    ///
    /// - Returns: `nil` when no link is parked; otherwise where it arrived, or that it is still
    ///   parked (nothing is reported then). A link arrives at most once: it is no longer parked
    ///   once it has.
    /// - Throws: as ``open(_:)-(String)`` does, keeping the link parked.
    @discardableResult
    public func resumePending() throws -> LinkResult<Destination>? {
        guard let pending else { return nil }
        try requireIdle(pending.link.text)
        return try go(to: pending.destination, link: pending.link, resuming: true)
    }

    /// Parks a link that was parked when the app saved its state, as its guards would park it
    /// now, without showing anything: what an app restoring its navigation calls, after the
    /// restore, for the link it saved from ``pending``. Reported as `restore`.
    ///
    /// - Returns: the parked link; `nil` when no guard makes it wait now (nothing is parked: open
    ///   it to arrive).
    /// - Throws: as ``open(_:)-(String)`` does for a link that cannot be read, matched or decided;
    ///   nothing is parked then.
    @discardableResult
    public func restorePending(_ text: String) throws -> PendingLink<Destination>? {
        let link = try Link(text)
        let route = try decide(try links.destination(for: link))
        guard case .wait(let guardName, let until, _) = route.outcome else { return nil }
        let parked = PendingLink(link: link, destination: route.destination, guardName: guardName, until: until)
        pending = parked
        report("restore", text, "\(guardName) waits until \(until)")
        return parked
    }

    /// Forgets the parked link, reporting why.
    ///
    /// - Parameter reason: why it is dropped (`the user signed out`), for the transcript.
    public func dropPending(because reason: String) {
        guard let pending else { return }
        self.pending = nil
        report("drop", pending.link.text, reason)
    }

    // MARK: Deciding

    private func go(to destination: Destination, link: Link, resuming: Bool) throws -> LinkResult<Destination> {
        let text = link.text
        let route: Route
        do {
            route = try decide(destination)
        } catch let error as FlowError {
            report("refuse", text, error.message)
            throw error
        }
        switch route.outcome {
        case .arrive(let target):
            try show(target, link: text, redirects: route.redirects, resuming: resuming) {
                if let old = self.pending, !resuming { self.report("drop", old.link.text, "superseded by \(text)") }
                self.pending = nil
            }
            return .arrived(target)
        case .wait(let guardName, let until, let showing):
            let parked = PendingLink(link: link, destination: route.destination, guardName: guardName, until: until)
            if resuming {
                // Still waiting, perhaps for another guard now: kept parked, with nothing to report.
                pending = parked
                return .deferred(parked)
            }
            try show(showing, link: text, redirects: route.redirects, resuming: false) {
                if let old = self.pending { self.report("drop", old.link.text, "superseded by \(text)") }
                self.pending = parked
                self.report("defer", text, "\(guardName) waits until \(until)")
            }
            return .deferred(parked)
        }
    }

    /// Reports the redirects, arrives (when there is somewhere to go), then commits and reports
    /// the arrival; a failed arrival reports a refusal and commits nothing.
    private func show(_ target: Destination?, link text: String, redirects: [String], resuming: Bool, commit: () -> Void) throws {
        if resuming { report("resume", text) }
        for redirect in redirects { report("redirect", text, redirect) }
        do {
            if let target { try arrive(target) }
        } catch {
            let error = FlowError.wrapping(error)
            report("refuse", text, error.message)
            throw error
        }
        commit()
        if let target, pending == nil { report("arrive", text, describe(target)) }
    }

    private struct Route {
        enum Outcome {
            case arrive(Destination)
            case wait(guardName: String, until: String, showing: Destination?)
        }
        /// Where the guards left the link: its own destination, or where redirects took it.
        var destination: Destination
        var redirects: [String]
        var outcome: Outcome
    }

    /// Asks every guard about a destination, following redirects; decides, changes nothing.
    private func decide(_ destination: Destination) throws -> Route {
        var current = destination
        var visited = [describe(destination)]
        var redirects: [String] = []
        while true {
            switch verdict(for: current) {
            case nil:
                return Route(destination: current, redirects: redirects, outcome: .arrive(current))
            case .refuse(let name, let reason):
                throw FlowError(.linkRefused, "\(name) refuses \(describe(current)): \(reason).")
            case .redirect(let name, let target, let reason):
                let next = describe(target)
                visited.append(next)
                if visited.dropLast().contains(next) {
                    throw FlowError(.redirectLoop, "The redirects loop: \(visited.joined(separator: " → ")).")
                }
                if redirects.count == redirectLimit {
                    throw FlowError(.redirectLoop, "The redirects go on past the limit of \(redirectLimit): \(visited.joined(separator: " → ")).")
                }
                redirects.append("\(name) sends \(visited[visited.count - 2]) to \(next): \(reason)")
                current = target
            case .wait(let name, let until, let showing):
                if let showing {
                    // What is shown meanwhile must be allowed as it is: no redirect, no waiting.
                    switch verdict(for: showing) {
                    case nil: break
                    case .refuse(let other, let reason), .redirect(let other, _, let reason), .wait(let other, let reason, _):
                        throw FlowError(.linkRefused, "\(name) waits until \(until), showing \(describe(showing)), which \(other) does not allow: \(reason).")
                    }
                }
                return Route(destination: current, redirects: redirects, outcome: .wait(guardName: name, until: until, showing: showing))
            }
        }
    }

    private enum Verdict {
        case refuse(String, String)
        case redirect(String, Destination, String)
        case wait(String, String, Destination?)
    }

    /// The first guard that does not allow a destination, and what it decided; `nil` when all allow.
    private func verdict(for destination: Destination) -> Verdict? {
        for check in guards {
            switch check.decide(destination) {
            case .allow: continue
            case .refuse(let reason): return .refuse(check.name, reason)
            case .redirect(let target, let reason): return .redirect(check.name, target, reason)
            case .defer(let until, let showing): return .wait(check.name, until, showing)
            }
        }
        return nil
    }

    private func requireIdle(_ text: String) throws {
        if host.isChanging {
            throw FlowError(
                .reentrantNavigation,
                "The link \"\(text.linkEchoed)\" cannot be opened while the host is making a change or delivering an event; open it once that is over.")
        }
    }

    private func report(_ decision: String, _ link: String, _ reason: String = "") {
        host.report(FlowEvent(.payload(.init(LinkDecision(decision, link: link, reason: reason))), origin: .link))
    }
}

/// What opening a link did.
public enum LinkResult<Destination> {
    /// It arrived at this destination (its own, or where guards redirected it).
    case arrived(Destination)
    /// A guard parked it until a condition holds.
    case deferred(PendingLink<Destination>)
}

/// A link a guard parked, with what it waits for.
public struct PendingLink<Destination> {
    /// The link, as read.
    public let link: Link
    /// Where it goes once its guard allows it (after any redirects made before it was parked).
    public let destination: Destination
    /// The guard that parked it.
    public let guardName: String
    /// What it waits for, for people: `you have signed in`.
    public let until: String
}

extension FlowEvent.Origin {
    /// A link being opened: its decisions are reported with this origin, `(link)` in transcripts.
    public static let link = FlowEvent.Origin(source: "link")
}

extension FlowError.Code {
    /// A guard refused a link, or refused what another guard would show while a link waits.
    public static let linkRefused = FlowError.Code("linkRefused")
    /// Guards' redirects came back to a destination already visited, or went past the limit.
    public static let redirectLoop = FlowError.Code("redirectLoop")
}
