import FlowKernel
import FlowRuntime

extension StackNavigator {
    /// Arrives at a deep link's destination: dismisses the navigator's own modals, replaces its
    /// stack with `path`, bottom first, and presents `modal` over it — what was shown before
    /// (another product, the cart) gives way to the link.
    ///
    /// `path` is the logical parent chain the link stands in, so Back walks up it rather than out
    /// of the app; ``declaredPath(to:identifier:)`` builds it from the registry's declaration order, the order
    /// SwiftyFlow walks with `goNext()`. Everything is made and checked before anything changes;
    /// the modals dismissed run their `whenDismissed`, after the change, as ``getBack(_:)`` runs
    /// them.
    ///
    /// ```swift
    /// try navigator.arrive(at: navigator.declaredPath(to: CatalogScreen.self)
    ///     + [.screen(ProductScreen.self, argument: product)])
    /// try navigator.arrive(at: navigator.declaredPath(to: CatalogScreen.self), presenting: .screen(CartScreen.self))
    /// ```
    ///
    /// - Parameters:
    ///   - path: the screens of the stack, bottom first; the first is the navigator's first entry.
    ///   - modal: a screen to present over the top of `path`, if the destination is a modal.
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `hostRejected` for an empty path, a
    ///   screen shown elsewhere or twice, someone else's presentation over the navigator (a child
    ///   flow's, which the navigator does not own), or entries on its stack that a child flow
    ///   pushed; the codes of ``navigate(_:)`` for each request (`unregisteredScreen`,
    ///   `argumentTypeMismatch`, `factoryFailed`); `flowFinished`.
    public func arrive(at path: [ForwardRequest], presenting modal: ForwardRequest? = nil) throws {
        try arrive(at: path, presenting: modal, origin: .link(for: id))
    }

    /// Arrives at a destination with the changes made for a source on the navigator's behalf: a
    /// link's, or a restore's.
    func arrive(at path: [ForwardRequest], presenting modal: ForwardRequest?, origin: FlowEvent.Origin) throws {
        try decide { position, host in
            if let cover = position.cover {
                throw FlowError(.hostRejected, "\(cover) is presented over the navigator '\(id)' by someone else; end that flow before arriving somewhere.")
            }
            guard !path.isEmpty else {
                throw FlowError(.hostRejected, "The navigator '\(id)' needs at least one screen on its stack.")
            }
            let entries = position.entries
            if entries.count != position.count || entries.contains(where: { $0.registration == nil }) {
                let foreign = entries.first { $0.registration == nil }.map { "\($0.screen)" } ?? "an entry that is not a screen"
                throw FlowError(.hostRejected, "\(foreign) on the stack of '\(id)' is not the navigator's; arriving replaces the navigator's own screens only.")
            }
            let leaving = entries.map(\.screen) + position.modals.map(\.screen)
            let own = Set(leaving)
            var previous = StackPosition(entries: [])
            var made: [(screen: any Screen, registration: Registration, index: Int, request: ForwardRequest)] = []
            for request in path + (modal.map { [$0] } ?? []) {
                let (index, registration) = try registration(for: request.target, from: previous)
                let screen = try registration.prepare(request.argumentValue)
                let ref = ScreenRef(screen)
                if (host.contains(ref) && !own.contains(ref)) || made.contains(where: { $0.screen === screen }) {
                    throw FlowError(.hostRejected, "\(ref) is already shown; a screen is shown only once.")
                }
                made.append((screen, registration, index, request))
                previous = StackPosition(entries: [StackPosition.Entry(screen: ref, registration: index)])
            }
            // One change, every guard asked before any of it: what the modals and the old
            // entries take away, and what the link shows; made for the link (or the restore).
            guard var mount else { throw FlowError(.flowFinished, "The navigator '\(id)' shows nothing; it has ended.") }
            let stacked: [Presentable] = made.prefix(path.count).map { .screen($0.screen) }
            let presented: Presentable? = modal == nil ? nil : made.last.map { .screen($0.screen) }
            let operations = PathPlan.arrival(
                dismissing: position.modals.first.flatMap { host.presenter(of: .screen($0.screen)) }.map { [$0] } ?? [],
                replacing: try mount.replacement(of: stacked, on: host), presenting: presented.map { [$0] } ?? [], over: .container(runningStack))
            mount.didReplaceEntries(with: stacked)
            if let presented { mount.didPresent(presented, on: host) }
            let kept = Set(made.map { ScreenRef($0.screen) })
            var change = StackState.Change(
                mount: mount, dismissed: position.modals.reversed().map(\.screen), forgetting: leaving.filter { !kept.contains($0) },
                adoptingAll: made.map { .init(ScreenRef($0.screen), $0.index, $0.request.argumentValue) })
            if let modal, let presented = made.last { change.remembering = (ScreenRef(presented.screen), modal.whenDismissed) }
            change.showingAll = made.map { ($0.screen, $0.registration) }
            // The requests' configure hooks run once every guard has allowed the arrival.
            return .change(
                FlowChange(HostChange(operations, origin: origin), state: change, onceAccepted: { for entry in made { entry.request.configure(entry.screen) } })
            )
        }
    }

    /// The registry's registrations up to and including a type's, in declaration order, as
    /// requests for ``arrive(at:presenting:)``: the parent chain SwiftyFlow's `goNext()` walks.
    /// Registrations that need an argument are left out (they cannot be made without one), and so
    /// are those before the type's whose condition (``Registration/when(_:_:)``) does not hold
    /// now; append the destination's own request, with its argument, after the path to its parent.
    ///
    /// - Throws: `unregisteredScreen` for a type the registry does not know.
    public func declaredPath<S: Screen>(to type: S.Type, identifier: String? = nil) throws -> [ForwardRequest] {
        let (end, _) = try registry.lookup(ScreenType(type), identifier: identifier)
        return registry.registrations[...end].enumerated().compactMap { index, registration in
            // A registration `goNext()` would skip now is not on the way (the target always is).
            registration.takesArgument || (index < end && !registration.applies)
                ? nil : ForwardRequest(target: .registration(at: index), argument: .none, modal: false)
        }
    }
}
