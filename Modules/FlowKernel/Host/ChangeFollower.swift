/// A running flow that keeps up with changes it did not ask for: the user's gestures, the system's
/// changes, and what another flow's end took away.
///
/// Where a flow stands is read from what the host shows, so a flow has nothing to correct when the
/// user pops a screen; what it follows is what only it can do in answer — end when its last screen
/// is gone, run a modal's dismissal callback, let go of screens the user left, tell its parent.
/// A flow adds itself with ``PresentationHost/addFollower(_:)`` when it starts and removes itself
/// when it ends.
///
/// ## When a host calls followers
/// - After a change whose origin is not a flow (``FlowEvent/Origin/user``,
///   ``FlowEvent/Origin/system``) has been made and its event has reached every observer.
/// - After a flow's end event (``FlowEvent/Change/flowCompleted(result:)``,
///   ``FlowEvent/Change/flowCancelled``) has reached every observer: what the flow took away may
///   hold the screens of children it never tracked, which then end too. This is why a child ends
///   with its parent, whatever the parent's kind.
///
/// The host calls each follower once, innermost first — the one added last, which is the most
/// deeply nested flow, since a child starts after its parent — so a child ends before its parent
/// looks. A follower removed during the pass (a child its parent cancelled) is not called.
/// Followers may make requests; a change they make that is not a flow's, or a flow's end, starts
/// another pass once this one is over. A flow's own requests call no followers: a flow that
/// removes another flow's screens while it runs ends that flow itself, as a parent cancels its
/// child, so a flow is never told about a half-made request.
///
/// A host keeps its followers weakly: following a flow does not keep it alive. Whoever starts a flow
/// keeps it (a parent its child, a screen the chain it started).
@MainActor
public protocol ChangeFollower: AnyObject {
    /// Reads what the host shows after a change no flow asked for, or after a flow's end, and
    /// answers it.
    func hostDidChange(by origin: FlowEvent.Origin)
}

/// The followers of a host, kept weakly, and the passes that call them: what a host implementing
/// ``PresentationHost/addFollower(_:)`` needs, written once.
///
/// ```swift
/// let followers = ChangeFollowers()
/// func addFollower(_ follower: any ChangeFollower) { followers.add(follower) }
/// func removeFollower(_ follower: any ChangeFollower) { followers.remove(follower) }
/// // after every event, once it is delivered (only the ones to follow start a pass):
/// followers.follow(after: event)
/// ```
@MainActor
public final class ChangeFollowers {
    private struct Entry {
        weak var follower: (any ChangeFollower)?
        let id: ObjectIdentifier
    }

    // Read on every change a host makes. It skips the run-time exclusivity check: main-actor only,
    // and no access is held across a call to a follower (a pass walks a copy).
    @exclusivity(unchecked) private var entries: [Entry] = []
    private var isFollowing = false
    private var waiting: [FlowEvent.Origin] = []

    /// Makes an empty list.
    public init() {}

    /// Adds a follower, kept weakly. Adding one twice has no effect.
    public func add(_ follower: any ChangeFollower) {
        // A released follower's identity may be a new object's now.
        entries.removeAll { $0.follower == nil }
        let id = ObjectIdentifier(follower)
        guard !entries.contains(where: { $0.id == id }) else { return }
        entries.append(Entry(follower: follower, id: id))
    }

    /// Removes a follower. Removing one that was not added has no effect.
    public func remove(_ follower: any ChangeFollower) {
        let id = ObjectIdentifier(follower)
        entries.removeAll { $0.id == id }
    }

    /// Whether there is no follower to call (not even a released one yet to be dropped).
    public var isEmpty: Bool { entries.isEmpty }

    /// How many followers are alive.
    public var count: Int { entries.count { $0.follower != nil } }

    /// Calls every follower, innermost first, after an event that followers follow: a change whose
    /// origin is not a flow, or a flow's end. Any other event is ignored. An event to follow that
    /// arrives during a pass waits for it to end and starts another.
    public func follow(after event: FlowEvent) {
        guard !entries.isEmpty, Self.isFollowed(event) else { return }
        follow(event.origin)
    }

    /// Whether followers follow an event.
    public static func isFollowed(_ event: FlowEvent) -> Bool {
        switch event.change {
        case .flowCompleted, .flowCancelled: true
        case .flowStarted, .note, .drifted, .linkDecided, .gestureRefused, .guardRefused, .requestRefused: false
        default: !event.origin.isFlow
        }
    }

    private func follow(_ origin: FlowEvent.Origin) {
        waiting.append(origin)
        guard !isFollowing else { return }
        isFollowing = true
        defer { isFollowing = false }
        var passes = 0
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            passes += 1
            precondition(passes <= 1_000, "Followers keep changing what is shown in answer to each other.")
            entries.removeAll { $0.follower == nil }
            for entry in entries.reversed() {
                // A follower removed by one called before it (a child its parent cancelled) is skipped.
                guard let follower = entry.follower, entries.contains(where: { $0.id == entry.id }) else { continue }
                follower.hostDidChange(by: next)
            }
        }
    }
}
