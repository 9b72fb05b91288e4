import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Stack journeys")
struct JourneyTests {
    let host = InMemoryHost()
    let leaks = LeakTracker()
    let registry: ScreenRegistry

    init() {
        registry = ScreenRegistry()
        registry.register(First.self) { [leaks] in leaks.track(First()) }
        registry.register(Second.self) { [leaks] in leaks.track(Second()) }
        registry.register(Third.self) { [leaks] in leaks.track(Third()) }
        registry.register(FourthModal.self) { [leaks] in leaks.track(FourthModal()) }.inScope(.strong)
        registry.register(Profile.self, argument: (String, Int).self) { [leaks] in leaks.track(Profile(name: $0.0, number: $0.1)) }
    }

    @Test func aWholeJourneyReadsAsItsTranscript() throws {
        try host.setRoot(.stack("app", [.screen(LawProbe("Home"))]))
        let recorder = TranscriptRecorder(observing: host)
        let navigator = StackNavigator<String>("shop", registry: registry, root: First.self)
        var result: String?
        navigator.onFinish { result = $0.result }

        try navigator.start(on: host, placement: .presented, parent: "app")
        try navigator.goNext()
        try navigator.goNext(to: Profile.self, argument: ("Ana", 7))
        try navigator.goNextAsModal(to: FourthModal.self)
        expectRendered(
            host.render(),
            equals: """
                stack app
                  LawProbe "Home"
                  presents stack shop
                    First
                    Second
                    Profile
                    presents FourthModal
                """)
        try navigator.getBack(.modal)
        try navigator.getBack()
        try navigator.goNext()
        try navigator.getBack(.popToRoot)
        try navigator.finish(with: "order #1")

        expectTranscript(
            recorder.transcript,
            equals: [
                "[shop] present [shop] over [app]",
                "[shop] start (child of app)",
                "[shop] push Second onto [shop]",
                "[shop] push Profile onto [shop]",
                "[shop] present FourthModal over [shop]",
                "[shop] dismiss FourthModal from [shop]",
                "[shop] pop Profile from [shop]",
                "[shop] push Third onto [shop]",
                "[shop] pop Third, Second from [shop]",
                "[shop] dismiss [shop] from [app]",
                "[shop] complete with order #1",
            ])
        #expect(result == "order #1")
        #expect(host.render() == "stack app\n  LawProbe \"Home\"")
    }

    @Test func afterDismissalNoScreenAndNoNavigatorIsAlive() throws {
        weak var weakNavigator: StackNavigator<Void>?
        do {
            let navigator = StackNavigator<Void>("shop", registry: registry, root: First.self)
            weakNavigator = navigator
            leaks.track(navigator, as: "navigator")
            try navigator.start(on: host)
            try navigator.goNext()
            try navigator.goNext(to: Profile.self, argument: ("Ana", 7))
            try navigator.goNextAsModal(to: FourthModal.self, whenDismissed: { _ = navigator.stackState })
            try navigator.dismiss()
        }
        #expect(leaks.trackedCount == 5)
        leaks.expectNoLeaks()
        #expect(weakNavigator == nil)
    }

    @Test func weakScreensGoWhenNavigatedBackPastStrongOnesStayUntilDismissal() throws {
        let navigator = StackNavigator<Void>("shop", registry: registry, root: First.self)
        try navigator.start(on: host)
        try navigator.goNext()
        try navigator.goNext()
        try navigator.goNextAsModal(to: FourthModal.self)
        try navigator.getBack(.modal)
        try navigator.getBack(.popToRoot)

        #expect(leaks.survivors == ["First", "FourthModal"])

        try navigator.dismiss()

        leaks.expectNoLeaks()
    }

    @Test("The stack navigator obeys every flow law", arguments: [FlowPlacement.root, .presented, .onStack("base")])
    func stackNavigatorObeysTheFlowLaws(_ placement: FlowPlacement) {
        FlowLaws.check(
            makeHost: { InMemoryHost() },
            placement: placement,
            make: { StackNavigator<Int>("laws", registry: registry, root: First.self) }
        ) { navigator in
            try navigator.goNext()
            try navigator.goNextAsModal(to: FourthModal.self)
            try navigator.finish(with: 1)
        }
    }
}
