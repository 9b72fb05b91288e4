import FlowKernel

// The guard law: before each change the host asks the guards of the screens it would take away
// and show; a refusal changes nothing, reports one `guardRefused` event and throws `guardRefused`.

extension HostLaws {
    /// `stack guards [Home (containing Pane), Middle, Editor]`, the stack presenting
    /// `stack guards-sheet [Draft]`; Editor, Pane and Draft refuse to leave.
    @MainActor
    struct GuardFixture {
        let host: any PresentationHost
        let recorder = TranscriptRecorder()
        let home = LawProbe("Home"), middle = LawProbe("Middle")
        let editor = GuardProbe("Editor", leaving: .refuse(because: "unsaved changes"))
        let pane = GuardProbe("Pane", leaving: .refuse(because: "pane busy"))
        let draft = GuardProbe("Draft", leaving: .refuse(because: "draft unsent"))
        let stack: ContainerID = "guards"

        init(_ host: any PresentationHost) throws {
            self.host = host
            try host.setRoot(.stack(stack, [.screen(home), .screen(middle), .screen(editor)]))
            try host.apply(.addChild(.screen(pane), to: .of(home)), for: nil)
            try host.present(.stack("guards-sheet", [.screen(draft)]), over: .container(stack))
            host.addObserver(recorder)
        }
    }

    /// A change the guard fixture is asked for, and the refusal a conforming host answers with
    /// (`nil`: every guard allows it).
    struct GuardedChange {
        let name: String
        let operation: @MainActor (GuardFixture) -> HostOperation
        let refusal: @MainActor (GuardFixture) -> GuardRefusal?
    }

    static let guardedChanges: [GuardedChange] = [
        GuardedChange(name: "pop a screen that refuses to leave") {
            .pop($0.stack)
        } refusal: {
            leaving($0.editor)
        },
        GuardedChange(name: "pop to the root past it") {
            .popToRoot($0.stack)
        } refusal: {
            leaving($0.editor)
        },
        GuardedChange(name: "set the stack without it") {
            .setStack($0.stack, [.screen($0.home)])
        } refusal: {
            leaving($0.editor)
        },
        GuardedChange(name: "clear the root") { _ in
            .setRoot(nil)
        } refusal: {
            leaving($0.pane)
        },
        GuardedChange(name: "dismiss a sheet whose screen refuses") {
            .dismiss(presentedBy: .container($0.stack))
        } refusal: {
            leaving($0.draft)
        },
        GuardedChange(name: "remove a child that refuses") {
            .removeChild(.of($0.pane))
        } refusal: {
            leaving($0.pane)
        },
        GuardedChange(name: "push a screen that refuses to be shown") { _ in
            .push(.screen(GuardProbe("Locked", entering: .refuse(because: "sign in first"))), onto: "guards")
        } refusal: { _ in
            nil
        },
        GuardedChange(name: "set the stack keeping it") {
            .setStack($0.stack, [.screen($0.home), .screen($0.editor)])
        } refusal: { _ in
            nil
        },
        GuardedChange(name: "push over it") {
            .push(.screen(LawProbe("Over")), onto: $0.stack)
        } refusal: { _ in
            nil
        },
    ]

    private static func leaving(_ probe: GuardProbe) -> GuardRefusal? {
        GuardRefusal(screen: probe.ref, direction: .leaving, reason: probe.leaving.reason ?? "")
    }

    static func guardsRefuseWholeChanges(makeHost: () -> any PresentationHost) -> [Violation] {
        var found: [Violation] = []
        for change in guardedChanges {
            let law = "a guard's refusal changes nothing (\(change.name))"
            let host = makeHost()
            let fixture: GuardFixture
            do { fixture = try GuardFixture(host) } catch {
                found.append(Violation(law: law, detail: "could not build the fixture: \(error)"))
                continue
            }
            let operation = change.operation(fixture)
            // An enter guard's refusal names a screen the test makes inside the operation.
            let expected = change.refusal(fixture) ?? enteringRefusal(in: operation)
            found += check(operation, expecting: expected, on: fixture, law: law)
        }
        return found
    }

    private static func enteringRefusal(in operation: HostOperation) -> GuardRefusal? {
        guard case .push(.screen(let screen), _) = operation, let reason = screen.shouldEnter(by: .system).reason else { return nil }
        return GuardRefusal(screen: screen.ref, direction: .entering, reason: reason)
    }

    private static func check(_ operation: HostOperation, expecting refusal: GuardRefusal?, on f: GuardFixture, law: String) -> [Violation] {
        let before = f.host.hierarchy
        do {
            try f.host.apply(operation, origin: .system)
            guard let refusal else { return [] }
            return [Violation(law: law, detail: "the host made the change; \(refusal.screen)'s guard refuses it")]
        } catch let error as FlowError {
            guard let refusal else { return [Violation(law: law, detail: "every guard allows it, but the host threw \(error)")] }
            var found: [Violation] = []
            if error.code != .guardRefused { found.append(Violation(law: law, detail: "threw \(error.code), expected guardRefused")) }
            if f.host.hierarchy != before { found.append(Violation(law: law, detail: "the hierarchy changed")) }
            let events = f.recorder.events.map(\.change)
            if events != [.guardRefused(refusal)] {
                found.append(Violation(law: law, detail: "reported \(events.map(\.description)), expected one event 'refuse \(refusal)'"))
            }
            return found
        } catch {
            return [Violation(law: law, detail: "threw \(error), which is not a FlowError")]
        }
    }
}
