import FlowKernel
import FlowRuntime
import FlowSnapshot

/// What a router flow saves: its screens from the first up, each with the input that made it
/// and whether it was presented.
struct SavedRouterState: Codable, Hashable {
    /// One screen, by its type, with its input.
    struct Screen: Codable, Hashable {
        /// The screen's type.
        var screen: String
        /// The input it was made with, as the case of a union when its input is one.
        var input: SavedArgument?
        /// Whether it was presented rather than pushed.
        var presented: Bool
        /// The screen's own state (``/FlowSnapshot/StatefulScreen``).
        var state: SavedValue?

        var label: String { screen + (input.map { "(\($0.label))" } ?? "") }
    }

    /// The flow's screens, its first one first.
    var screens: [Screen]
}

extension RouterFlow: RestorableFlow {
    /// `router`.
    public var strategy: String { "router" }

    /// Where the flow shows itself, once started.
    public var savedPlacement: SavedPlacement? { mount.map { SavedPlacement($0.site) } }

    /// The flow's screens from its first one up — pushed, then presented — each by its type with
    /// the input that made it: the value when it is `Codable`, else a note that says why not.
    public func savedState() -> SavedValue {
        guard let host = run.host, let mount, let stack = mount.stack, let session else { return SavedValue(flowState: SavedRouterState(screens: [])) }
        var screens: [SavedRouterState.Screen] = []
        func save(_ node: NodeRef?, presented: Bool) -> Bool {
            // Another flow's screen on the stack or over it is that flow's to save.
            guard let node, let screen = node.screen.flatMap(host.screen(for:)) as? any Routable, screen.route.session === session else { return false }
            let input = screen.route.input.map { value in
                let (payload, type) = router.unwrapped(value, declared: Swift.type(of: value))
                return SavedArgument(saving: payload, as: "\(type)")
            }
            screens.append(SavedRouterState.Screen(screen: ScreenType(of: screen).name, input: input, presented: presented, state: ScreenState.save(screen)))
            return true
        }
        var top: NodeRef?
        for index in mount.ownEntries(on: host) {
            let entry = host.child(at: index, of: .container(stack))
            guard save(entry, presented: false) else { break }
            top = entry
        }
        var next = top.flatMap { host.presented(by: $0) }
        while save(next, presented: true), let shown = next {
            next = host.presented(by: shown)
        }
        return SavedValue(flowState: SavedRouterState(screens: screens))
    }

    /// Starts the flow on its first screen and shows the saved screens above it in one change
    /// — the arrival's path, every guard asked first, the changes' origin
    /// ``/FlowKernel/FlowEvent/Origin/restored(for:)`` — each made by the router's registration
    /// with its saved input.
    ///
    /// What cannot come back cuts the tail from there, reported with its reason: a first screen
    /// of another type than saved, a screen type the router no longer registers, an input that
    /// was not saved or no longer reads as one of the screen's input types, a screen no declared
    /// route leads to from the one before it, a screen a guard refuses.
    ///
    /// - Throws: ``/FlowKernel/FlowError``, and shows nothing, when the state cannot be read
    ///   (`invalidSnapshot`), the flow has started or ended, or its first screen cannot be shown.
    public func restore(_ saved: SavedFlow, on host: any FlowHost, parent: FlowID?) throws -> [RestorationReport.Entry] {
        try restore(saved, as: SavedRouterState.self, named: "The router flow '\(id)'", on: host, parent: parent) { state in
            guard let first = state.screens.first else { throw FlowError(.invalidSnapshot, "The router flow '\(id)' was saved with no screen.") }
            // The root is the flow's own, made as it starts; the others are made once it runs, each
            // checked against the declared graph from the screen before it.
            var root: (any Routable)?
            var previous: (type: any Routable.Type, presented: Bool)?
            var otherRoot: String?
            var shown: [any Routable] = []
            return RestorePlan(
                elements: Array(state.screens.enumerated()),
                label: { ($0.element.label, $0.element.state) },
                make: { entry -> (screen: any Routable, presented: Bool)? in
                    guard entry.offset > 0 else { return nil }
                    guard root != nil, let before = previous else {
                        throw FlowError(.invalidSnapshot, otherRoot ?? "the flow's first screen did not come back")
                    }
                    let screen = try self.restoredScreen(entry.element)
                    // A custom transition or an unwind can put a screen over one that did not
                    // produce its input: a declared way from the screen before, direct or not.
                    guard self.router.declaredPath(from: before.type, to: ScreenType(of: screen)) != nil else {
                        throw FlowError(.noRoute, "no declared route leads from \(ScreenType(anyType: before.type)) to \(ScreenType(of: screen))")
                    }
                    previous = (Swift.type(of: screen), entry.element.presented || before.presented)
                    return (screen, previous!.presented)
                },
                begin: { _, placement, origin in
                    try self.begin(on: host, placement: placement, parent: parent, origin: origin)
                    guard self.session != nil, let started = self.mount?.firstEntry?.screen.flatMap(host.screen(for:)) as? any Routable else {
                        throw FlowError(.flowFinished, "The router flow '\(self.id)' ended as it started.")
                    }
                    if ScreenType(of: started).name == first.screen {
                        root = started
                        previous = (Swift.type(of: started), false)
                    } else {
                        otherRoot = "the flow's first screen is now \(ScreenType(of: started)), not \(first.screen)"
                    }
                },
                // A refused arrival changes nothing; it is tried again one screen shorter.
                show: { entries, origin in
                    guard let root, let mount = self.mount, let session = self.session else { return }
                    let made = entries.dropFirst().compactMap { $0 }
                    try self.decideFromState { host in
                        .change(try self.showing(made, over: root, replacing: [], mount: mount, session: session, origin: origin, on: host))
                    }
                    shown = made.map(\.screen)
                },
                screens: { root.map { [$0] + shown } ?? [] },
                cut: "a screen before it could not come back")
        }
    }

    /// Makes a saved screen again with its input, or says why it cannot be.
    private func restoredScreen(_ entry: SavedRouterState.Screen) throws -> any Routable {
        guard let type = router.registeredScreens.first(where: { $0.name == entry.screen }), let destination = router.destinationsByScreen[type] else {
            throw FlowError(.unregisteredScreen, "the router no longer registers \(entry.screen)")
        }
        guard let input = entry.input else {
            throw FlowError(.argumentTypeMismatch, "\(entry.screen) was saved without the input it requires")
        }
        guard let inputType = destination.inputTypes.first(where: { "\($0)" == input.type }) else {
            throw FlowError(.argumentTypeMismatch, "\(entry.screen) no longer takes a \(input.type)")
        }
        let value = try input.read(as: inputType, for: "the input of \(entry.label)")
        return try destination.make(value, inputType)
    }
}
