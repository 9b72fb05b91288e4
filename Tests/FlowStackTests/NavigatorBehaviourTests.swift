import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// What SwiftyFlow had but never tested, and where FlowStack differs on purpose.
@MainActor
@Suite("Stack navigator")
struct NavigatorBehaviourTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }
        registry.register(Third.self) { Third() }
        registry.register(Fourth.self) { Fourth() }
        registry.register(FourthModal.self) { FourthModal() }.inScope(.strong)
        registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }
    }

    func started<Result>(_ result: Result.Type = Void.self) throws -> StackNavigator<Result> {
        let navigator = StackNavigator<Result>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        return navigator
    }

    @Test func jumpingOutOfOrderThenGoingBackLandsWhereTheUserCameFrom() throws {
        let navigator = try started()
        try navigator.goNext()  // First -> Second
        try navigator.goNext(to: Fourth.self)  // jump over Third

        try navigator.getBack()

        #expect(navigator.currentScreen is Second)
        #expect(navigator.stackState == "First -> Second")
    }

    @Test func goNextContinuesFromTheScreenJumpedTo() throws {
        let navigator = try started()
        try navigator.goNext(to: Third.self)
        try navigator.goNext()
        #expect(navigator.stackState == "First -> Third -> Fourth")
    }

    @Test func goingBackToATypePopsToItsNearestScreen() throws {
        let navigator = try started()
        try navigator.goNext()
        try navigator.goNext()
        try navigator.goNext()

        try navigator.getBack(.popTo(Second.self))

        #expect(navigator.stackState == "First -> Second")
        #expect(registry.liveInstance(of: Third.self) == nil)
    }

    @Test func anIdentifierPicksWhichRegistrationOfATypeIsShown() throws {
        registry.register(FourthModal.self, identifier: "gift") {
            let screen = FourthModal()
            screen.note = "gift"
            return screen
        }
        let navigator = try started()

        try navigator.goNext(to: FourthModal.self, identifier: "gift")

        #expect((navigator.currentScreen as? FourthModal)?.note == "gift")
    }

    @Test func aRootChosenAtStartIsConfiguredBeforeItShows() throws {
        let navigator = StackNavigator<Void>("deeplink", registry: registry)
        var configured: Third?

        try navigator.start(on: host, root: Third.self) { configured = $0 }

        #expect(configured != nil)
        #expect(navigator.currentScreen === configured)
        #expect(configured?.navigator === navigator)
    }

    @Test func withoutARootTheFirstRegistrationIsTheRoot() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry)
        try navigator.start(on: host)
        #expect(navigator.currentScreen is First)
    }

    @Test func theConfigureHookReceivesTheTypedScreenBeforeItIsShown() throws {
        let navigator = try started()
        var shownWhenConfigured: Bool?
        try navigator.goNext(to: Profile.self, argument: ("Ana", 7)) { profile in
            shownWhenConfigured = host.hierarchy.contains(profile.ref)
            profile.name += "!"
        }
        #expect(shownWhenConfigured == false)
        #expect((navigator.currentScreen as? Profile)?.name == "Ana!")
    }

    @Test func dismissingAModalRunsItsCallbackWithTheStrongScreenStillReadable() throws {
        let navigator = try started()
        var noteWhenDismissed: String?
        try navigator.goNextAsModal(
            to: FourthModal.self,
            whenDismissed: {
                noteWhenDismissed = registry.liveInstance(of: FourthModal.self)?.note
            })
        registry.liveInstance(of: FourthModal.self)?.note = "wrapped as a gift"

        try navigator.getBack(.modal)

        #expect(noteWhenDismissed == "wrapped as a gift")
        #expect(host.render() == "stack stack\n  First")
    }

    @Test func theArgumentSentIsReadableOnceByTheNextScreen() throws {
        let navigator = try started()
        try navigator.goNext(to: Profile.self, argument: ("Ana", 7))

        let first: (String, Int)? = try navigator.dataFromPreviousScreen()
        let second = try navigator.dataFromPreviousScreen(as: (String, Int).self)

        #expect(first?.0 == "Ana")
        #expect(second == nil)
    }

    @Test func readingTheArgumentAsAnotherTypeThrowsAndKeepsIt() throws {
        let navigator = try started()
        try navigator.goNext(to: Profile.self, argument: ("Ana", 7))

        let error = #expect(throws: FlowError.self) { try navigator.dataFromPreviousScreen(as: Int.self) }

        #expect(error?.code == .argumentTypeMismatch)
        #expect(try navigator.dataFromPreviousScreen(as: (String, Int).self)?.1 == 7)
    }

    @Test func aModalWithAnArgumentAlsoCarriesIt() throws {
        let navigator = try started()
        try navigator.goNextAsModal(to: Profile.self, argument: ("Bo", 1))
        #expect(try navigator.dataFromPreviousScreen(as: (String, Int).self)?.0 == "Bo")
    }

    @Test func noneScopeShowsANewScreenEachTime() throws {
        registry.register(Third.self, identifier: "fresh") { Third() }.inScope(.none)
        let navigator = try started()
        try navigator.goNext(to: Third.self, identifier: "fresh")
        let one = navigator.currentScreen
        try navigator.goNext(to: Second.self)

        try navigator.goNext(to: Third.self, identifier: "fresh")

        #expect(navigator.currentScreen !== one)
        #expect(navigator.stackState == "First -> Third -> Second -> Third")
    }

    @Test func weakScreensAreReleasedWhenNavigatedBackPastAndStrongOnesSurviveUntilTheEnd() throws {
        let navigator = try started()
        try navigator.goNext(to: Second.self)
        try navigator.goNextAsModal(to: FourthModal.self)
        try navigator.getBack(.modal)
        try navigator.getBack()

        #expect(registry.liveInstance(of: Second.self) == nil)
        #expect(registry.liveInstance(of: FourthModal.self) != nil)

        try navigator.dismiss()

        #expect(registry.liveInstance(of: FourthModal.self) == nil)
    }

    @Test func finishingWithAResultHandsItToEveryHandlerThenTheCompletion() throws {
        let navigator = try started(Int.self)
        var order: [String] = []
        navigator.onFinish { order.append("dismissed: \($0.result.map(String.init) ?? "none")") }
        navigator.onFinish { _ in order.append("result handler") }

        try navigator.finish(with: 42) { order.append("completion") }

        #expect(order == ["dismissed: 42", "result handler", "completion"])
        #expect(navigator.outcome == .completed(42))
    }

    @Test func aScreenCanFinishTheFlowWithAValueOfTheResultType() throws {
        let navigator = try started(Int.self)
        let screen = try #require(navigator.currentScreen as? First)

        let error = #expect(throws: FlowError.self) { try screen.navigator?.finish(withValue: "7", completion: nil) }
        #expect(error?.code == .argumentTypeMismatch)
        #expect(navigator.phase == .running)

        try screen.navigator?.finish(withValue: 7, completion: nil)
        #expect(navigator.outcome == .completed(7))
    }

    @Test func aScreenFinishesWithTheTypedCallTheGettingStartedArticleShows() throws {
        let navigator = try started(Int.self)
        let screen = try #require(navigator.currentScreen as? First)

        let error = #expect(throws: FlowError.self) { try screen.navigator?.finish(with: "7") }
        #expect(error?.code == .argumentTypeMismatch)
        #expect(navigator.phase == .running)

        try screen.navigator?.finish(with: 7)
        #expect(navigator.outcome == .completed(7))
    }

    @Test func theResultCanBeAwaited() async throws {
        let navigator = try started(Int.self)
        async let outcome = navigator.finished()
        try navigator.goNext()
        try navigator.finish(with: 3)
        #expect(await outcome == .completed(3))
    }

    @Test func aSecondNavigatorCanBeBuiltOnTheSameRegistryForADeepLink() throws {
        let app = try started(Bool.self)
        let deepLink = StackNavigator<Bool>("deeplink", registry: registry)
        deepLink.onFinish { outcome in if outcome.result == true { try? app.dismiss() } }
        try deepLink.start(on: host, root: Fourth.self)
        #expect(host.hierarchy.visibleScreen?.type == ScreenType(Fourth.self))

        try deepLink.finish(with: true)

        #expect(host.render() == "(empty)")
        #expect(app.phase == .finished)
    }

    @Test func theNavigatorRunsOnAStackItSharesAndNeverPopsBelowIt() throws {
        let base = LawProbe("Home")
        try host.setRoot(.stack("app", [.screen(base)]))
        let navigator = StackNavigator<Void>("shared", registry: registry, root: First.self)
        try navigator.start(on: host, placement: .onStack("app"))
        try navigator.goNext()

        try navigator.getBack(.popToRoot)
        let error = #expect(throws: FlowError.self) { try navigator.getBack() }
        #expect(error?.code == .nothingToGoBackTo)

        try navigator.dismiss()
        #expect(host.hierarchy.entries(of: "app") == [.of(base)])
    }
}
