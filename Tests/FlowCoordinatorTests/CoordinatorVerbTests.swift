import FlowCoordinator
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// The verbs XCoordinator's and FlowStacks' users reach for, on a coordinator: replace its
/// screens, go back to a given screen or index. Bad input throws and changes nothing.
@MainActor
@Suite("Coordinator: setStack and going back to a screen")
struct CoordinatorVerbTests {
    let host = InMemoryHost()

    private func started(placement: FlowPlacement = .root) throws -> PageCoordinator {
        let app = PageCoordinator("app")
        try app.start(on: host, placement: placement, parent: nil)
        return app
    }

    @Test func setStackReplacesTheScreensInOneChange() throws {
        let app = try started()
        let a = Page("a")
        let b = Page("b")
        let recorder = TranscriptRecorder(observing: host)

        try app.setStack([a, b])

        #expect(host.names(in: "app") == ["a", "b"])
        #expect(recorder.transcript.lines == ["[app] set [app] to a, b"])
        #expect(app.startNode == .of(a))
        #expect(app.topNode == .of(b))
        try app.backToStart()
        #expect(host.names(in: "app") == ["a"])
    }

    @Test func onAParentsStackSetStackKeepsTheParentsScreens() throws {
        let parent = try started()
        let child = PageCoordinator("child")
        try parent.start(child: child)

        try child.setStack([Page("x"), Page("y")])

        #expect(host.names(in: "app") == ["app start", "x", "y"])
        try child.finish(with: "done")
        #expect(host.names(in: "app") == ["app start"])
    }

    @Test func goingBackToAScreenOrAnIndexPopsToItAndMakesItTheTop() throws {
        let app = try started()
        let a = Page("a")
        let b = Page("b")
        let c = Page("c")
        try app.setStack([a, b, c, Page("d")])

        try app.back(to: b)
        #expect(host.names(in: "app") == ["a", "b"])
        #expect(app.topNode == .of(b))

        try app.setStack([a, b, c])
        try app.back(toIndex: 0)
        #expect(host.names(in: "app") == ["a"])
        #expect(app.topNode == .of(a))
    }

    typealias Bad = (name: String, code: FlowError.Code, request: @MainActor (PageCoordinator) throws -> Void)

    static let badRequests: [Bad] = [
        ("an empty stack", .hostRejected, { try $0.setStack([]) }),
        (
            "a screen twice", .hostRejected,
            { app in
                let page = Page("twice")
                try app.setStack([page, page])
            }
        ),
        ("back to a screen not on its stack", .notFound, { try $0.back(to: Page("elsewhere")) }),
        ("back to the screen on top", .nothingToGoBackTo, { app in try app.back(to: try #require(app.firstPage)) }),
        ("back to the index on top", .nothingToGoBackTo, { try $0.back(toIndex: 0) }),
        ("back to an index out of range", .indexOutOfRange, { try $0.back(toIndex: 3) }),
        ("back to a negative index", .indexOutOfRange, { try $0.back(toIndex: -1) }),
        (
            "setStack while a child runs on its stack", .hostRejected,
            { app in
                try app.start(child: PageCoordinator("child"))
                try app.setStack([Page("late")])
            }
        ),
        (
            "back to an index while a child runs on its stack", .hostRejected,
            { app in
                try app.start(child: PageCoordinator("child"))
                try app.back(toIndex: 0)
            }
        ),
    ]

    @Test func everyBadRequestThrowsItsCodeAndChangesNothing() throws {
        for bad in Self.badRequests {
            let host = InMemoryHost()
            let app = PageCoordinator("app")
            try app.start(on: host)
            let before = host.hierarchy
            let top = app.topNode

            let error = #expect(throws: FlowError.self, "\(bad.name)") { try bad.request(app) }

            #expect(error?.code == bad.code, "\(bad.name)")
            try app.child?.cancel()
            #expect(host.hierarchy == before, "\(bad.name)")
            #expect(app.topNode == top, "\(bad.name)")
            #expect(app.phase == .running, "\(bad.name)")
        }
    }

    @Test func aTabCoordinatorsTabGroupIsNotReplacedUnderItsItems() throws {
        let tabs = TwoTabs("tabs")
        try tabs.start(on: host)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try tabs.setStack([Page("instead")]) }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
        #expect(tabs.items.allSatisfy { $0.phase == .running })
    }

    @Test func setStackAfterTheEndIsRefused() throws {
        let app = try started()
        try app.cancel()
        let error = #expect(throws: FlowError.self) { try app.setStack([Page("late")]) }
        #expect(error?.code == .flowFinished)
    }
}
