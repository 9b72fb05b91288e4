import FlowExplorer
import FlowKernel
import FlowStack
import Testing

@MainActor
@Suite struct PlantedDefectTests {
    @Test func aScreenWithNoWayOutIsADeadEndReproducedByTheShortestRoute() throws {
        let explorer = Lab.explorer { screen, navigator in
            switch screen {
            case is Home: screen.actions = [ScreenAction("stuck") { try navigator.goNext(to: Stuck.self) }]
            case is Stuck:
                screen.allowsBack = false
                screen.actions = [ScreenAction("wait") {}]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 4))
        #expect(report.findings == [ExplorationFinding(kind: .deadEnd, reproduction: ["stuck"], screen: "Stuck")])
    }

    @Test func aScreenTheAppExpectsButNothingReachesIsReported() throws {
        let explorer = Lab.explorer(expecting: ["Home", "Middle", "Orphan"]) { screen, navigator in
            if screen is Home { screen.actions = [ScreenAction("middle") { try navigator.goNext(to: Middle.self) }] }
        }
        let report = try explorer.explore(.breadthFirst(depth: 4))
        #expect(report.findings == [ExplorationFinding(kind: .neverReached("Orphan"), reproduction: [], screen: nil)])
        #expect(report.graph.nodes.keys.sorted() == ["Home", "Middle"])
    }

    /// The same screen made on two routes, wired differently on one: its `finish` ends the flow
    /// when reached directly and does nothing after the detour. Its `back` (which reveals what each
    /// route left behind) is not a finding.
    @Test(arguments: [NavigationExplorer.Walk.breadthFirst(depth: 4), .random(seed: 7, steps: 200, depth: 4)])
    func aScreenThatActsDifferentlyOnTwoRoutesIsFoundWithBothRoutes(_ walk: NavigationExplorer.Walk) throws {
        let explorer = Self.twoRoutesToMiddle { middle, navigator in
            let madeAfterDetour = navigator.currentScreen is Detour
            middle.actions = [
                ScreenAction("finish") { if !madeAfterDetour { try navigator.finish(with: ()) } },
                ScreenAction("back") { try navigator.getBack() },
            ]
        }
        let report = try explorer.explore(walk)
        #expect(
            report.findings == [
                ExplorationFinding(
                    kind: .routesDisagree(action: "finish", here: "changes nothing shown", there: "ends the flow (completed)", otherRoute: ["middle"]),
                    reproduction: ["detour", "on"], screen: "Middle"
                )
            ])
        #expect(
            report.findings.first?.description
                == "'finish' on Middle changes nothing shown after detour, on, but ends the flow (completed) after middle: the same screen, reached by two routes, acts differently"
        )
    }

    @Test func aScreenThatActsTheSameOnEveryRouteIsNoFinding() throws {
        let explorer = Self.twoRoutesToMiddle { middle, navigator in
            middle.actions = [ScreenAction("finish") { try navigator.finish(with: ()) }]
        }
        #expect(try explorer.explore(.breadthFirst(depth: 4)).findings == [])
    }

    /// An app that reaches Middle directly (`middle`) and through Detour (`detour`, `on`);
    /// `wireMiddle` gives Middle its actions.
    private static func twoRoutesToMiddle(_ wireMiddle: @escaping @MainActor (LabScreen, StackNavigator<Void>) -> Void) -> NavigationExplorer {
        Lab.explorer { screen, navigator in
            switch screen {
            case is Home:
                screen.actions = [
                    ScreenAction("middle") { try navigator.goNext(to: Middle.self) },
                    ScreenAction("detour") { try navigator.goNext(to: Detour.self) },
                ]
            case is Detour: screen.actions = [ScreenAction("on") { try navigator.goNext(to: Middle.self) }]
            case is Middle: wireMiddle(screen, navigator)
            default: break
            }
        }
    }

    @Test func aFlowThatEndsWithAScreenStillAliveIsALeak() throws {
        let explorer = Lab.explorer { screen, navigator in
            switch screen {
            case is Home: screen.actions = [ScreenAction("middle") { try navigator.goNext(to: Middle.self) }]
            case is Middle:
                // The screen keeps a closure that keeps the screen: a cycle nothing breaks.
                screen.cycle = { _ = screen }
                screen.actions = [ScreenAction("finish") { try navigator.finish(with: ()) }]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 4))
        #expect(report.findings == [ExplorationFinding(kind: .leak(["Middle"]), reproduction: ["middle", "finish"], screen: "Middle")])
    }

    @Test(
        "A screen that stays alive is a leak however it came: pushed, presented in a modal stack, or put in place by a whole stack set",
        arguments: ["push", "modal", "set"])
    func aLeakIsFoundWhicheverMoveShowedTheScreen(_ way: String) throws {
        let explorer = Lab.explorer { screen, navigator in
            switch screen {
            case is Home:
                screen.actions = [
                    ScreenAction("middle") {
                        switch way {
                        case "modal": try navigator.goNextAsModal(to: Middle.self)
                        case "set": try navigator.setStack([.screen(Home.self), .screen(Detour.self), .screen(Middle.self)])
                        default: try navigator.goNext(to: Middle.self)
                        }
                    }
                ]
            case is Middle:
                screen.cycle = { _ = screen }
                screen.actions = [ScreenAction("finish") { try navigator.finish(with: ()) }]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 4))
        #expect(report.findings.map(\.kind) == [.leak(["Middle"])], "\(report.findings)")
    }

    @Test("A leaking screen shown by a move of two changes after a move of two changes is still found")
    func aLeakAmongSeveralChangesOfAMoveIsFound() throws {
        let explorer = Lab.explorer { screen, navigator in
            switch screen {
            case is Home:
                screen.actions = [
                    ScreenAction("two") {
                        try navigator.goNext(to: Detour.self)
                        try navigator.goNext(to: Stuck.self)
                    }
                ]
            case is Stuck:
                screen.actions = [
                    ScreenAction("two more") {
                        try navigator.goNext(to: Middle.self)
                        try navigator.goNext(to: Orphan.self)
                    }
                ]
            case is Middle: screen.cycle = { _ = screen }
            case is Orphan: screen.actions = [ScreenAction("finish") { try navigator.finish(with: ()) }]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 4))
        #expect(report.findings.map(\.kind).contains(.leak(["Middle"])), "\(report.findings)")
    }

    @Test func anOfferedActionThatThrowsIsReportedWithTheShortestRouteAmongSeveral() throws {
        let explorer = Lab.explorer { screen, navigator in
            switch screen {
            case is Home:
                screen.actions = [
                    ScreenAction("detour") { try navigator.goNext(to: Detour.self) },
                    ScreenAction("middle") { try navigator.goNext(to: Middle.self) },
                ]
            case is Detour: screen.actions = [ScreenAction("middle") { try navigator.goNext(to: Middle.self) }]
            case is Middle:
                // The stack's navigator cannot show a screen nobody registered.
                screen.actions = [ScreenAction("broken") { try navigator.goNext(to: Unregistered.self) }]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 5))
        let thrown = report.findings.filter { if case .actionThrew = $0.kind { true } else { false } }
        #expect(thrown.count == 1)
        #expect(thrown.first?.reproduction == ["middle", "broken"])
        #expect(thrown.first?.screen == "Middle")
        #expect(thrown.first?.description.contains("Unregistered") == true)
    }

    @Test func aRandomWalkFindsTheThrowingActionFromItsSeed() throws {
        let explorer = Lab.explorer { screen, navigator in
            switch screen {
            case is Home: screen.actions = [ScreenAction("middle") { try navigator.goNext(to: Middle.self) }]
            case is Middle: screen.actions = [ScreenAction("broken") { try navigator.goNext(to: Unregistered.self) }]
            default: break
            }
        }
        let first = try explorer.explore(.random(seed: 7, steps: 200, depth: 6))
        let second = try explorer.explore(.random(seed: 7, steps: 200, depth: 6))
        #expect(first.findings.map(\.reproduction) == [["middle", "broken"]])
        #expect(first.findings == second.findings)
        #expect(first.made == second.made)
    }

    @Test func aBadSampleThatChangesWhatIsShownIsReported() throws {
        let explorer = Lab.explorer { screen, navigator in
            guard screen is Home else { return }
            screen.actions = [ScreenAction("open", valid: ["middle"], invalid: ["nowhere"]) { (_: String) in try navigator.goNext(to: Middle.self) }]
        }
        let report = try explorer.explore(.breadthFirst(depth: 3))
        #expect(report.findings == [ExplorationFinding(kind: .invalidSampleAccepted("open nowhere"), reproduction: ["open nowhere"], screen: "Home")])
    }

    @Test func aBadSampleThatIsRefusedIsNoFinding() throws {
        let explorer = Lab.explorer(gestures: false) { screen, navigator in
            switch screen {
            case is Home:
                screen.actions = [
                    ScreenAction("open", valid: ["Middle"], invalid: ["Nowhere"]) { (name: String) in
                        guard name == "Middle" else { throw FlowError(.notFound, "No screen is called \(name).") }
                        try navigator.goNext(to: Middle.self)
                    }
                ]
            case is Middle: screen.actions = [ScreenAction("back") { try navigator.getBack() }]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 3))
        #expect(report.findings.isEmpty)
        #expect(
            report.graph.sortedEdges == [
                NavigationGraph.Edge(from: "Home", to: "Middle", kind: .push, label: "open Middle"),
                NavigationGraph.Edge(from: "Middle", to: "Home", kind: .unwind, label: "back"),
            ])
    }

    @Test func aMoveThatThrowsAfterChangingWhatIsShownIsReportedAndTheNextMoveStartsAfresh() throws {
        let explorer = Lab.explorer(gestures: false) { screen, navigator in
            switch screen {
            case is Home:
                screen.actions = [
                    ScreenAction("half") {
                        try navigator.goNext(to: Middle.self)
                        throw FlowError(.hostRejected, "Planted: the second half of the request failed.")
                    },
                    ScreenAction("middle") { try navigator.goNext(to: Middle.self) },
                ]
            case is Middle: screen.actions = [ScreenAction("back") { try navigator.getBack() }]
            default: break
            }
        }
        let report = try explorer.explore(.breadthFirst(depth: 3))
        #expect(report.findings == [ExplorationFinding(kind: .refusalChangedSomething("half"), reproduction: ["half"], screen: "Home")])
        // "middle" was tried on Home, not on the Middle the broken move left behind.
        #expect(
            report.graph.sortedEdges == [
                NavigationGraph.Edge(from: "Home", to: "Middle", kind: .push, label: "middle"),
                NavigationGraph.Edge(from: "Middle", to: "Home", kind: .unwind, label: "back"),
            ])
    }

    @Test func anAppThatDoesNotReplayTheSameWayIsRefusedWithAnError() throws {
        var runs = 0
        let explorer = Lab.explorer { screen, navigator in
            guard screen is Home else { return }
            runs += 1
            // Offered on the first run only: a replay cannot find it.
            screen.actions =
                runs == 1
                ? [ScreenAction("middle") { try navigator.goNext(to: Middle.self) }, ScreenAction("detour") { try navigator.goNext(to: Detour.self) }] : []
        }
        #expect(throws: ExplorationError.self) { try explorer.explore(.breadthFirst(depth: 3)) }
    }
}

@MainActor
@Suite struct ExplorationInputTests {
    @Test(arguments: [
        NavigationExplorer.Walk.breadthFirst(depth: 0),
        .breadthFirst(depth: -3),
        .random(seed: 1, steps: 0, depth: 5),
        .random(seed: 1, steps: 10, depth: 0),
    ])
    func aDepthOrNumberOfStepsBelowOneIsRefusedBeforeAnyRunStarts(_ walk: NavigationExplorer.Walk) {
        var runs = 0
        let explorer = NavigationExplorer {
            runs += 1
            throw FlowError(.hostRejected, "No run should start.")
        }
        let error = #expect(throws: FlowError.self) { try explorer.explore(walk) }
        #expect(error?.code == .indexOutOfRange)
        #expect(runs == 0)
    }
}

final class Unregistered: LabScreen {}
