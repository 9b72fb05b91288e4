import FlowChain
import FlowCoordinator
import FlowKernel
import FlowLinks
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// The seven ways nested flows went wrong before the host's flow tree owned them, each as small
/// as it goes: a flow's own request, a parent's cancel or arrival, or the person, took away what
/// another flow stood on.
@MainActor
@Suite("Nested flows: the reproductions")
struct ReproductionTests {
    let host = InMemoryHost()
    let leaks = LeakTracker()
    let transcript = TranscriptRecorder()

    init() {
        host.addObserver(transcript)
    }

    // 1. Zombie.

    @Test("A navigator's own back that pops a chain's step ends the chain", arguments: [BackStyle.pop, .popToRoot])
    func aNavigatorsOwnBackEndsTheChainItsScreenStarted(_ style: BackStyle) throws {
        let navigator = Make.navigator("nav", leaks: leaks)
        try navigator.start(on: host)
        try navigator.goNext()
        weak var weakChain: ChainFlow<Void>?
        do {
            let chain = Make.chain("chain", leaks: leaks)
            weakChain = chain
            try chain.start(on: host, placement: .onStack("nav"), parent: navigator.id)
        }
        #expect(weakChain?.phase == .running, "the host's tree keeps the chain")
        #expect(host.names(in: "nav") == ["Home", "Detail", "chain 0"])

        try navigator.getBack(style)

        #expect(weakChain == nil, "the chain ended and was let go of")
        #expect(transcript.transcript.lines.contains("[chain] cancel"))
        #expect(host.flows.count == 1)
        try navigator.dismiss()
        leaks.expectNoLeaks()
    }

    @Test func aChainsOwnBackThatPopsARouterFlowsFirstScreenEndsTheRouterFlow() throws {
        let chain = Make.chain("chain")
        try chain.start(on: host)
        try (chain.currentScreen as? Step)?.step?.next()
        let router = try Make.router("router", leaks: leaks)
        try router.start(on: host, placement: .onStack("chain"), parent: chain.id)
        #expect(host.names(in: "chain") == ["chain 0", "chain 1", "Picker"])

        try (chain.currentScreen as? Step)?.step?.back()

        #expect(router.outcome?.isCancelled == true)
        #expect(host.names(in: "chain") == ["chain 0"])
        #expect(host.flows.count == 1)
    }

    @Test func aChainsArrivalThatPopsARouterFlowsFirstScreenEndsTheRouterFlow() throws {
        let chain = Make.chain("chain", steps: 3)
        try chain.start(on: host)
        try (chain.currentScreen as? Step)?.step?.next()
        let router = try Make.router("router")
        try router.start(on: host, placement: .onStack("chain"), parent: chain.id)

        try chain.arrive(atStep: 0)

        #expect(router.outcome?.isCancelled == true)
        #expect(host.names(in: "chain") == ["chain 0"])
    }

    // 2. Orphan presentation.

    @Test func aRouterFlowsCancelEndsTheNavigatorItsRoutedScreenPresented() throws {
        try host.setRoot(.stack("app", [.screen(Page("App"))]))
        let router = try Make.router("router", leaks: leaks)
        try router.start(on: host, placement: .onStack("app"))
        try (host.screen(for: try #require(host.visibleScreenRef)) as? Picker)?.produce(1)
        let navigator = Make.navigator("nav", leaks: leaks)
        try navigator.start(on: host, placement: .presented, parent: router.id)
        #expect(host.flows.count == 2)

        try router.cancel()

        #expect(navigator.outcome?.isCancelled == true)
        #expect(host.render() == "stack app\n  Page \"App\"")
        #expect(transcript.transcript.lines.suffix(2) == ["[nav] cancel", "[router] cancel"])
        leaks.expectNoLeaks()
    }

    @Test func aRouterFlowsArrivalEndsTheNavigatorItsRoutedScreenPresented() throws {
        try host.setRoot(.stack("app", [.screen(Page("App"))]))
        let router = try Make.router("router")
        try router.start(on: host, placement: .onStack("app"))
        try (host.screen(for: try #require(host.visibleScreenRef)) as? Picker)?.produce(1)
        let navigator = Make.navigator("nav")
        try navigator.start(on: host, placement: .presented, parent: router.id)

        try router.arrive(at: 2)

        #expect(navigator.outcome?.isCancelled == true)
        #expect(host.names(in: "app") == ["App", "Picker", "Taker"])
        #expect(host.presented(by: .container("app")) == nil)
    }

    // 3. A hidden step lets go.

    @Test func aSingleContainerChainsBackEndsTheRouterFlowItsHiddenStepPresented() throws {
        let chain = Make.chain("chain", kind: .single)
        try chain.start(on: host)
        try (chain.currentScreen as? Step)?.step?.next()
        let router = try Make.router("router", leaks: leaks)
        try router.start(on: host, placement: .presented, parent: chain.id)
        try (host.screen(for: try #require(host.visibleScreenRef)) as? Picker)?.produce(1)

        try (chain.currentScreen as? Step)?.step?.back()

        #expect(router.outcome?.isCancelled == true)
        #expect(host.topmost == chain.container?.node)
        #expect(host.flows.count == 1)
        try chain.cancel()
        leaks.expectNoLeaks()
    }

    // 4. Never ends.

    @Test func aChainOnlyItsScreenKeptEndsOnceWhenThePersonGoesBackPastIt() async throws {
        let navigator = Make.navigator("nav")
        try navigator.start(on: host)
        try navigator.goNext()
        weak var weakChain: ChainFlow<Void>?
        var ends = 0
        let outcome: FlowOutcome<Void>
        do {
            let chain = Make.chain("chain")
            weakChain = chain
            chain.onFinish { _ in ends += 1 }
            try chain.start(on: host, placement: .onStack("nav"), parent: navigator.id)
            try (chain.currentScreen as? Step)?.step?.next()

            try host.user.back(to: try #require(host.child(at: 0, of: .container("nav"))))

            outcome = await chain.finished()
        }
        #expect(outcome.isCancelled)
        #expect(ends == 1)
        #expect(weakChain == nil)
        #expect(transcript.transcript.lines.suffix(2) == ["(user) pop chain 1, chain 0, Detail from [nav]", "[chain] cancel"])
    }

    // 5. Not all or nothing.

    @Test func aTabGroupsCancelThatAChildsGuardRefusesChangesNothing() throws {
        let first = PageCoordinator("first")
        let second = PageCoordinator("second")
        let tabs = Tabs("tabs", items: [first, second])
        try tabs.start(on: host)
        let guarded = PageCoordinator("sheet", first: Page("Editor"))
        try first.start(child: guarded, presented: true)
        guarded.first.holds = true
        let before = host.hierarchy

        #expect(throws: FlowError.self) { try tabs.cancel() }

        #expect(host.hierarchy == before)
        #expect([tabs.phase, first.phase, second.phase, guarded.phase] == [.running, .running, .running, .running])
        #expect(tabs.items.count == 2)
        guarded.first.holds = false
        try tabs.cancel()
        #expect(host.render() == "(empty)")
        #expect(host.flows.isEmpty)
    }

    // 6. A trap.

    @Test func arrivingInARouterFlowWhoseFirstScreenItsParentPoppedThrowsFlowFinished() throws {
        let chain = Make.chain("chain")
        try chain.start(on: host)
        try (chain.currentScreen as? Step)?.step?.next()
        let router = try Make.router("router")
        try router.start(on: host, placement: .onStack("chain"), parent: chain.id)
        try (chain.currentScreen as? Step)?.step?.back()

        let error = #expect(throws: FlowError.self) { try router.arrive(at: 1) }
        #expect(error?.code == .flowFinished)
    }

    // 7. An echo.

    @Test(
        "A refused link repeats a few hundred bytes of itself at most",
        arguments: [
            String(repeating: "s", count: 100_000) + "://shop/x",
            "shop://" + String(repeating: "w", count: 100_000) + "/x",
            "shop://shop/" + "e" + String(repeating: "\u{301}", count: 100_000),
        ])
    func aRefusedLinkRepeatsAFewHundredBytesAtMost(_ text: String) throws {
        var map = LinkMap<String>(schemes: ["shop"], sites: ["shop"])
        try map.register("/product/:id") { try $0.value("id") }
        let error = #expect(throws: FlowError.self) { try map.destination(for: text) }
        #expect((error?.message.utf8.count ?? .max) <= 400, "\(error?.message.utf8.count ?? 0) bytes")
    }
}

/// Found by restoring the nested fuzz suite's states (seed 30 of a navigator on top).
@MainActor
@Suite("Reproductions the restore found")
struct RestoreReproductionTests {
    @Test func aNavigatorsBackThatPopsAChildsEntryKeepsItsOwnScreens() throws {
        let host = InMemoryHost()
        let navigator = Make.navigator("stack")
        try navigator.start(on: host)
        try navigator.goNext()
        let tabs = Tabs("tabs", items: [PageCoordinator("tabsa")])
        try tabs.start(on: host, placement: .onStack(try #require(navigator.stack)), parent: navigator.id)

        try navigator.getBack()

        #expect(tabs.phase == .finished)
        #expect(navigator.stackState == "Home -> Detail")
        let saved = host.flows.snapshot(of: host)
        #expect(saved.flows.first?.state?.description.contains("Detail") == true)
        host.flows.endAll()
    }
}
