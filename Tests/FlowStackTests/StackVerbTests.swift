import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// The verbs FlowStacks' and XCoordinator's users reach for: replace the whole stack, go back to a
/// given screen or index. Bad input throws and changes nothing.
@MainActor
@Suite("Stack navigator: setStack and going back to a screen")
struct StackVerbTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }
        registry.register(Third.self) { Third() }
        registry.register(NumberScreen.self, argument: Int.self) { NumberScreen($0) }.inScope(.none)
        registry.register(ThirdModal.self) { ThirdModal() }
    }

    private func started(placement: FlowPlacement = .root) throws -> StackNavigator<Void> {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host, placement: placement, parent: nil)
        return navigator
    }

    @Test func setStackReplacesTheScreensInOneChangeAndTheNavigatorGoesOnFromThere() throws {
        let navigator = try started()
        try navigator.goNext(to: Second.self)
        let recorder = TranscriptRecorder(observing: host)

        try navigator.setStack([.screen(Third.self), .screen(NumberScreen.self, argument: 4), .screen(NumberScreen.self, argument: 5)])

        #expect(navigator.stackState == "Third -> Number 4 -> Number 5")
        #expect(recorder.transcript.lines == ["[stack] set [stack] to Third, Number 4, Number 5"])
        #expect(registry.liveInstance(of: Second.self) == nil)
        try navigator.getBack(.popToRoot)
        #expect(navigator.stackState == "Third")
        let error = #expect(throws: FlowError.self) { try navigator.goNext() }
        #expect(error?.message.contains("NumberScreen") == true, "goNext goes on from Third's registration, to the one after it")
    }

    @Test func aScreenKeptByItsScopeStaysWhereItWas() throws {
        let navigator = try started()
        let first = navigator.currentScreen
        try navigator.goNext(to: Second.self)

        try navigator.setStack([.screen(First.self), .screen(Third.self)])

        #expect(navigator.stackState == "First -> Third")
        #expect(navigator.currentScreen is Third)
        try navigator.getBack()
        #expect(navigator.currentScreen === first)
    }

    @Test func onASharedStackSetStackKeepsWhatWasBelow() throws {
        try host.setRoot(.stack("base", [.screen(LawProbe("Base"))]))
        let navigator = try started(placement: .onStack("base"))

        try navigator.setStack([.screen(Second.self), .screen(Third.self)])

        #expect(host.entries(of: "base")?.map(\.description) == ["Base", "Second", "Third"])
        #expect(navigator.stackState == "Second -> Third")
        try navigator.dismiss()
        #expect(host.entries(of: "base")?.map(\.description) == ["Base"])
    }

    @Test func goingBackToAScreenOrAnIndexPopsToIt() throws {
        let navigator = try started()
        try navigator.setStack([.screen(First.self), .screen(NumberScreen.self, argument: 1), .screen(NumberScreen.self, argument: 2), .screen(Third.self)])
        let one = try #require(host.entries(of: "stack")?[1]).screen.flatMap { host.screen(for: $0) }

        try navigator.getBack(.popTo(try #require(one)))
        #expect(navigator.stackState == "First -> Number 1")

        try navigator.setStack([.screen(First.self), .screen(Second.self), .screen(Third.self)])
        try navigator.getBack(.popTo(index: 1))
        #expect(navigator.stackState == "First -> Second")
    }

    @Test func aChildFlowsScreensOnTheStackAreNotReplaced() throws {
        let navigator = try started()
        let childRegistry = ScreenRegistry { $0.register(Fourth.self) { Fourth() } }
        let child = StackNavigator<Void>("child", registry: childRegistry, root: Fourth.self)
        try child.start(on: host, placement: .onStack("stack"), parent: navigator.id)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try navigator.setStack([.screen(Third.self)]) }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
        #expect(child.phase == .running)
    }

    typealias Bad = (name: String, code: FlowError.Code, request: @MainActor (StackNavigator<Void>) throws -> Void)

    static let badRequests: [Bad] = [
        ("an empty stack", .hostRejected, { try $0.setStack([]) }),
        ("an unregistered type", .unregisteredScreen, { try $0.setStack([.screen(Fourth.self)]) }),
        ("an argument of the wrong type", .argumentTypeMismatch, { try $0.setStack([.screen(NumberScreen.self, argument: "x")]) }),
        ("a kept screen twice", .hostRejected, { try $0.setStack([.screen(Second.self), .screen(Second.self)]) }),
        ("back to the index on top", .nothingToGoBackTo, { try $0.getBack(.popTo(index: 1)) }),
        ("back to an index out of range", .indexOutOfRange, { try $0.getBack(.popTo(index: 5)) }),
        ("back to a negative index", .indexOutOfRange, { try $0.getBack(.popTo(index: -1)) }),
        ("back to a screen not in the stack", .notFound, { try $0.getBack(.popTo(Third())) }),
        ("back to the screen on top", .nothingToGoBackTo, { navigator in try navigator.getBack(.popTo(try #require(navigator.currentScreen))) }),
        (
            "setStack under its own modal", .hostRejected,
            { navigator in
                try navigator.goNextAsModal(to: ThirdModal.self)
                try navigator.setStack([.screen(Third.self)])
            }
        ),
    ]

    @Test func everyBadRequestThrowsItsCodeAndChangesNothing() throws {
        for bad in Self.badRequests {
            let host = InMemoryHost()
            let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
            try navigator.start(on: host)
            try navigator.goNext(to: Second.self)
            let before = host.hierarchy
            let state = navigator.stackState
            let kept = registry.liveInstance(of: Second.self)

            let error = #expect(throws: FlowError.self, "\(bad.name)") { try bad.request(navigator) }

            #expect(error?.code == bad.code, "\(bad.name)")
            if bad.name.hasPrefix("setStack under") {
                try navigator.getBack(.modal)
            }
            #expect(host.hierarchy == before, "\(bad.name)")
            #expect(navigator.stackState == state, "\(bad.name)")
            #expect(registry.liveInstance(of: Second.self) === kept, "\(bad.name)")
            try navigator.dismiss()
        }
    }
}
