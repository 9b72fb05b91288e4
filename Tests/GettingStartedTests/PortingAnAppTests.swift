import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// The code of Docs/Porting-an-app.md, compiled here line for line (GettingStartedTests checks
/// every block of the article appears in this file), and the same journey run in each strategy:
/// open a meeting, edit it in a sheet, try to swipe the delete alert away, delete it, and follow a
/// link to another meeting.
@MainActor
enum PortingAnApp {
    struct Meeting: Hashable, Sendable {
        var id: Int
        var title: String
    }

    /// The app's records. It notes what the person saw when each change was made.
    @MainActor final class Meetings {
        private(set) var all: [Meeting]
        private(set) var log: [String] = []
        weak var host: (any PresentationHost)?
        init(_ all: [Meeting]) { self.all = all }
        func meeting(_ id: Int) -> Meeting? { all.first { $0.id == id } }
        func save(_ meeting: Meeting) {
            guard let index = all.firstIndex(where: { $0.id == meeting.id }) else { return }
            log.append("saved \(meeting.title) under \(host?.visibleScreen?.displayName ?? "nothing")")
            all[index] = meeting
        }
        func delete(_ id: Int) {
            log.append("deleted \(id) under \(host?.visibleScreen?.displayName ?? "nothing")")
            all.removeAll { $0.id == id }
        }
    }

    // MARK: FlowStack

    @MainActor enum OnFlowStack {
        final class ListScreen: StackScreen {
            weak var navigator: (any NavigatorHandle)?
            let displayName = "Meetings"
            func open(_ id: Int) throws { try navigator?.goNext(to: DetailScreen.self, argument: id) }
        }

        final class DetailScreen: StackScreen {
            weak var navigator: (any NavigatorHandle)?
            let id: Int
            let meetings: Meetings
            init(id: Int, meetings: Meetings) { (self.id, self.meetings) = (id, meetings) }
            var displayName: String { meetings.meeting(id)?.title ?? "Deleted" }
            func edit() throws { try navigator?.goNextAsModal(to: EditScreen.self, argument: id) }
            func delete() throws { try navigator?.goNextAsModal(to: DeleteAlert.self, argument: id) }
        }

        final class EditScreen: StackScreen {
            weak var navigator: (any NavigatorHandle)?
            let meetings: Meetings
            var draft: Meeting
            init(draft: Meeting, meetings: Meetings) { (self.draft, self.meetings) = (draft, meetings) }
            let displayName = "Edit"
            func save() throws {
                try navigator?.getBack(.modal)  // the sheet closes,
                meetings.save(draft)  // then the change is saved
            }
        }

        final class DeleteAlert: StackScreen {
            weak var navigator: (any NavigatorHandle)?
            let id: Int
            let meetings: Meetings
            init(id: Int, meetings: Meetings) { (self.id, self.meetings) = (id, meetings) }
            let displayName = "Delete?"
            var allowsInteractiveDismissal: Bool { false }  // a swipe cannot dismiss an alert
            func keep() throws { try navigator?.getBack(.modal) }
            func confirm() throws {
                try navigator?.getBack(.modal)
                meetings.delete(id)
                try navigator?.getBack(.pop)
            }
        }

        static func app(_ meetings: Meetings) -> StackNavigator<Never> {
            let registry = ScreenRegistry { registry in
                registry.register(ListScreen.self) { ListScreen() }
                registry.register(DetailScreen.self, argument: Int.self) { DetailScreen(id: $0, meetings: meetings) }
                registry.register(EditScreen.self, argument: Int.self) { id in
                    EditScreen(draft: meetings.meeting(id) ?? Meeting(id: id, title: ""), meetings: meetings)
                }
                registry.register(DeleteAlert.self, argument: Int.self) { DeleteAlert(id: $0, meetings: meetings) }
            }
            return StackNavigator<Never>("standups", registry: registry, root: ListScreen.self)
        }

        static func open(_ link: Int, in app: StackNavigator<Never>) throws {
            try app.arrive(at: [.screen(ListScreen.self), .screen(DetailScreen.self, argument: link)])
        }
    }

    // MARK: FlowChain

    @MainActor enum OnFlowChain {
        final class ListStep: ChainScreen {
            typealias NextContext = Int
            var step: StepHandle?
            let displayName = "Meetings"
            func open(_ id: Int) throws { try next(context: id) }
        }

        final class DetailStep: ChainScreen {
            typealias Context = Int
            var step: StepHandle?
            private(set) var id: Int
            let meetings: Meetings
            init(id: Int, meetings: Meetings) { (self.id, self.meetings) = (id, meetings) }
            func update(with context: Int) { id = context }  // a link to another meeting, while one is shown
            var displayName: String { meetings.meeting(id)?.title ?? "Deleted" }

            func edit() throws {
                let draft = meetings.meeting(id) ?? Meeting(id: id, title: "")
                let sheet = StepChain<Meeting>("edit").addStep { EditStep(draft: draft) }.finish()
                try step?.start(child: sheet) { [meetings] outcome in
                    if let edited = outcome.result { meetings.save(edited) }  // after the sheet closed
                }
            }

            func delete() throws {
                let alert = StepChain<Bool>("delete").addStep { DeleteAlert() }.finish()
                try step?.start(child: alert) { [id, meetings, step] outcome in
                    guard outcome.result == true else { return }
                    meetings.delete(id)
                    try step?.back()
                }
            }
        }

        final class EditStep: ChainScreen {
            typealias NextContext = Meeting
            var step: StepHandle?
            var draft: Meeting
            init(draft: Meeting) { self.draft = draft }
            let displayName = "Edit"
            func save() throws { try next(context: draft) }
        }

        final class DeleteAlert: ChainScreen {
            typealias NextContext = Bool
            var step: StepHandle?
            let displayName = "Delete?"
            var allowsInteractiveDismissal: Bool { false }
            func keep() throws { try next(context: false) }
            func confirm() throws { try next(context: true) }
        }

        static func app(_ meetings: Meetings) -> ChainFlow<Never> {
            StepChain<Never>("standups")
                .addStep { ListStep() }
                .addStep(Step.madeWith { (id: Int) in DetailStep(id: id, meetings: meetings) })
                .finish()
        }

        static func open(_ link: Int, in app: ChainFlow<Never>) throws {
            try app.arrive(atStep: 1) { $0 == 1 ? link : nil }
        }
    }

    // MARK: FlowRouter

    @MainActor enum OnFlowRouter {
        struct DeleteRequest {}
        struct DeleteCancelled {}
        struct DeleteConfirmed {}
        struct Deleted {}

        final class ListScreen: OutputProducing, UpdateHandling {
            typealias Output = Int
            typealias Update = Deleted
            let route = RouteSlot()
            let displayName = "Meetings"
            func open(_ id: Int) throws { try produce(id) }
        }

        final class DetailScreen: InputRequiring, OutputProducing, UpdateHandling {
            typealias Input = Int
            typealias Output = OneOf3<Meeting, DeleteRequest, Deleted>
            typealias Update = OneOf3<Meeting, DeleteCancelled, DeleteConfirmed>
            let route = RouteSlot()
            let meetings: Meetings
            init(meetings: Meetings) { self.meetings = meetings }
            var displayName: String { (try? input).flatMap(meetings.meeting)?.title ?? "Deleted" }
            func edit() throws {
                guard let meeting = meetings.meeting(try input) else { return }
                try produce(.t1(meeting))  // shows the screen that requires a Meeting
            }
            func delete() throws { try produce(.t2(DeleteRequest())) }

            func didUnwind(with update: Update) throws {
                switch update {
                case .t1(let edited): meetings.save(edited)  // the sheet has closed
                case .t2: break
                case .t3:
                    meetings.delete(try input)
                    try produce(.t3(Deleted()))  // routed once this route is done
                }
            }
        }

        final class EditScreen: InputRequiring, OutputProducing, Instantiable {
            typealias Input = Meeting
            typealias Output = Meeting
            let route = RouteSlot()
            init() {}
            let displayName = "Edit"
            var title: String?
            func save() throws {
                var edited = try input
                edited.title = title ?? edited.title
                try produce(edited)  // unwinds to the detail, which handles a Meeting
            }
        }

        final class DeleteAlert: InputRequiring, OutputProducing, Instantiable {
            typealias Input = DeleteRequest
            typealias Output = OneOf2<DeleteCancelled, DeleteConfirmed>
            let route = RouteSlot()
            init() {}
            let displayName = "Delete?"
            var allowsInteractiveDismissal: Bool { false }
            func keep() throws { try produce(.t1(DeleteCancelled())) }
            func confirm() throws { try produce(.t2(DeleteConfirmed())) }
        }

        static func app(_ meetings: Meetings) throws -> RouterFlow<Never> {
            let router = Router()
            try router.register(DetailScreen.self) { DetailScreen(meetings: meetings) }
            try router.register(EditScreen.self)
            try router.register(DeleteAlert.self)
            router.addTransition(to: EditScreen.self, .present)
            router.addTransition(to: DeleteAlert.self, .present)
            return RouterFlow<Never>("standups", router: router) { ListScreen() }
        }

        static func open(_ link: Int, in app: RouterFlow<Never>) throws {
            try app.arrive(at: link)
        }
    }

    // MARK: FlowCoordinator

    @MainActor enum OnFlowCoordinator {
        final class ListScreen: Screen {
            let displayName = "Meetings"
            var onOpen: ((Int) -> Void)?
        }

        final class DetailScreen: Screen {
            let id: Int
            let meetings: Meetings
            init(id: Int, meetings: Meetings) { (self.id, self.meetings) = (id, meetings) }
            var displayName: String { meetings.meeting(id)?.title ?? "Deleted" }
            var onEdit: (() -> Void)?
            var onDelete: (() -> Void)?
        }

        final class EditScreen: Screen {
            var draft: Meeting
            init(draft: Meeting) { self.draft = draft }
            let displayName = "Edit"
            var onSave: ((Meeting) -> Void)?
        }

        final class DeleteAlert: Screen {
            let displayName = "Delete?"
            var allowsInteractiveDismissal: Bool { false }
            var onKeep: (() -> Void)?
            var onConfirm: (() -> Void)?
        }

        final class StandupsCoordinator: StackCoordinator<Never> {
            let meetings: Meetings
            init(meetings: Meetings) {
                self.meetings = meetings
                super.init("standups")
            }

            override func start() throws { try move(to: list()) }

            func list() -> ListScreen {
                let list = ListScreen()
                list.onOpen = { [unowned self] id in attempt { try move(to: detail(id)) } }
                return list
            }

            func detail(_ id: Int) -> DetailScreen {
                let detail = DetailScreen(id: id, meetings: meetings)
                detail.onEdit = { [unowned self] in attempt { try edit(id) } }
                detail.onDelete = { [unowned self] in attempt { try confirmDeletion(of: id) } }
                return detail
            }

            func edit(_ id: Int) throws {
                let edit = EditScreen(draft: meetings.meeting(id) ?? Meeting(id: id, title: ""))
                edit.onSave = { [unowned self] edited in
                    attempt {
                        try dismissSheet()  // the sheet closes,
                        meetings.save(edited)  // then the change is saved
                    }
                }
                try present(sheet: edit)
            }

            func confirmDeletion(of id: Int) throws {
                let alert = DeleteAlert()
                alert.onKeep = { [unowned self] in attempt { try dismissSheet() } }
                alert.onConfirm = { [unowned self] in
                    attempt {
                        try dismissSheet()
                        meetings.delete(id)
                        try back()
                    }
                }
                try present(sheet: alert)
            }

            func open(_ link: Int) throws {
                try arrive(at: [list(), detail(link)])
            }
        }
    }

    /// What a test does on the screens of one port, as a person does it.
    struct Port {
        let name: String
        let start: (InMemoryHost, Meetings) throws -> any Flow
        let open: (InMemoryHost, Int) throws -> Void
        let edit: (InMemoryHost) throws -> Void
        let save: (InMemoryHost, String) throws -> Void
        let delete: (InMemoryHost) throws -> Void
        let keep: (InMemoryHost) throws -> Void
        let confirm: (InMemoryHost) throws -> Void
        let link: (any Flow, Int) throws -> Void
    }

    static func screen<S>(_ host: InMemoryHost, _ type: S.Type) throws -> S {
        guard let screen = host.visibleScreen as? S else {
            throw FlowError(.notFound, "\(S.self) is not the screen shown: \(host.render())")
        }
        return screen
    }

    static let ports: [Port] = [
        Port(
            name: "FlowStack",
            start: { host, meetings in
                let app = OnFlowStack.app(meetings)
                try app.start(on: host)
                return app
            },
            open: { host, id in try screen(host, OnFlowStack.ListScreen.self).open(id) },
            edit: { host in try screen(host, OnFlowStack.DetailScreen.self).edit() },
            save: { host, title in
                let edit = try screen(host, OnFlowStack.EditScreen.self)
                edit.draft.title = title
                try edit.save()
            },
            delete: { host in try screen(host, OnFlowStack.DetailScreen.self).delete() },
            keep: { host in try screen(host, OnFlowStack.DeleteAlert.self).keep() },
            confirm: { host in try screen(host, OnFlowStack.DeleteAlert.self).confirm() },
            link: { app, id in try OnFlowStack.open(id, in: app as! StackNavigator<Never>) }),
        Port(
            name: "FlowChain",
            start: { host, meetings in
                let app = OnFlowChain.app(meetings)
                try app.start(on: host)
                return app
            },
            open: { host, id in try screen(host, OnFlowChain.ListStep.self).open(id) },
            edit: { host in try screen(host, OnFlowChain.DetailStep.self).edit() },
            save: { host, title in
                let edit = try screen(host, OnFlowChain.EditStep.self)
                edit.draft.title = title
                try edit.save()
            },
            delete: { host in try screen(host, OnFlowChain.DetailStep.self).delete() },
            keep: { host in try screen(host, OnFlowChain.DeleteAlert.self).keep() },
            confirm: { host in try screen(host, OnFlowChain.DeleteAlert.self).confirm() },
            link: { app, id in try OnFlowChain.open(id, in: app as! ChainFlow<Never>) }),
        Port(
            name: "FlowRouter",
            start: { host, meetings in
                let app = try OnFlowRouter.app(meetings)
                try app.start(on: host)
                return app
            },
            open: { host, id in try screen(host, OnFlowRouter.ListScreen.self).open(id) },
            edit: { host in try screen(host, OnFlowRouter.DetailScreen.self).edit() },
            save: { host, title in
                let edit = try screen(host, OnFlowRouter.EditScreen.self)
                edit.title = title
                try edit.save()
            },
            delete: { host in try screen(host, OnFlowRouter.DetailScreen.self).delete() },
            keep: { host in try screen(host, OnFlowRouter.DeleteAlert.self).keep() },
            confirm: { host in try screen(host, OnFlowRouter.DeleteAlert.self).confirm() },
            link: { app, id in try OnFlowRouter.open(id, in: app as! RouterFlow<Never>) }),
        Port(
            name: "FlowCoordinator",
            start: { host, meetings in
                let app = OnFlowCoordinator.StandupsCoordinator(meetings: meetings)
                try app.start(on: host)
                return app
            },
            open: { host, id in try screen(host, OnFlowCoordinator.ListScreen.self).onOpen?(id) },
            edit: { host in try screen(host, OnFlowCoordinator.DetailScreen.self).onEdit?() },
            save: { host, title in
                let edit = try screen(host, OnFlowCoordinator.EditScreen.self)
                edit.draft.title = title
                edit.onSave?(edit.draft)
            },
            delete: { host in try screen(host, OnFlowCoordinator.DetailScreen.self).onDelete?() },
            keep: { host in try screen(host, OnFlowCoordinator.DeleteAlert.self).onKeep?() },
            confirm: { host in try screen(host, OnFlowCoordinator.DeleteAlert.self).onConfirm?() },
            link: { app, id in try (app as! OnFlowCoordinator.StandupsCoordinator).open(id) }),
    ]

    @MainActor @Suite("Porting an app: one journey in every strategy")
    struct Tests {
        @Test(arguments: 0..<4)
        func theMeetingsAppWalksTheSameInEveryStrategy(_ index: Int) throws {
            let port = PortingAnApp.ports[index]
            let host = InMemoryHost()
            let meetings = Meetings([Meeting(id: 1, title: "Standup"), Meeting(id: 2, title: "Planning"), Meeting(id: 3, title: "Review")])
            meetings.host = host
            let leaks = LeakTracker()
            do {
                let app = leaks.track(try port.start(host, meetings))
                #expect(host.visibleScreen?.displayName == "Meetings", "\(port.name)")

                // A list, a detail, and an edit sheet that closes before the change is saved.
                try port.open(host, 1)
                #expect(host.visibleScreen?.displayName == "Standup", "\(port.name)")
                try port.edit(host)
                #expect(host.visibleScreen?.displayName == "Edit", "\(port.name)")
                try port.save(host, "Retro")
                #expect(host.visibleScreen?.displayName == "Retro", "\(port.name)")

                // An alert the person cannot swipe away, kept, then confirmed.
                try port.delete(host)
                let swipe = #expect(throws: FlowError.self) { try host.user.swipeDown() }
                #expect(swipe?.code == .gestureRefused, "\(port.name)")
                #expect(host.visibleScreen?.displayName == "Delete?", "\(port.name)")
                try port.keep(host)
                #expect(host.visibleScreen?.displayName == "Retro", "\(port.name)")
                try port.delete(host)
                try port.confirm(host)
                #expect(host.visibleScreen?.displayName == "Meetings", "\(port.name): \(host.render())")
                #expect(meetings.all.map(\.id) == [2, 3], "\(port.name)")
                #expect(meetings.log == ["saved Retro under Standup", "deleted 1 under Retro"], "\(port.name)")

                // A link to a meeting, from the list and from another meeting: Back returns to the list.
                try port.link(app, 2)
                #expect(host.visibleScreen?.displayName == "Planning", "\(port.name)")
                try port.link(app, 3)
                #expect(host.visibleScreen?.displayName == "Review", "\(port.name)")
                try host.user.back()
                #expect(host.visibleScreen?.displayName == "Meetings", "\(port.name): \(host.render())")
                try app.cancel()
            }
            #expect(host.render() == "(empty)", "\(port.name)")
            #expect(leaks.expectNoLeaks(), "\(port.name)")
        }
    }
}
