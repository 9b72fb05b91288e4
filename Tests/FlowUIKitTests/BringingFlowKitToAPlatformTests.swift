import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import Testing

/// The platform of "Bringing FlowKit to a platform of your own", compiled here line for line
/// (GettingStartedTests checks each block appears), run under the platform laws and the person's
/// Back.
@MainActor
final class ListPlatform: NavigationPlatform {
    private(set) var record = ShownTree()
    private(set) var driver: NavigationDriver!

    init(showing host: InMemoryHost) {
        driver = NavigationDriver(model: host, platform: self)
    }

    func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        record.apply(command)
        done()
    }

    func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        record.shown(aspect, of: node)
    }

    /// The person's back control: the platform moves first, then tells the driver, which makes it
    /// the person's Back on the model, or puts the entry back if the model refuses.
    func back(in stack: ContainerID) {
        guard let entries = record.children(of: .container(stack)), entries.count > 1 else { return }
        record.setChildren(of: .container(stack), keeping: entries.count - 1)
        driver.userWentBack(in: stack, showing: Array(entries.dropLast()))
    }

    var lines: [String] { record.hierarchy.textTree.split(separator: "\n").map(String.init) }
}

@MainActor
@Suite("Bringing FlowKit to a platform of your own (the article)")
struct BringingFlowKitToAPlatformTests {
    @Test func theArticlesPlatformKeepsThePlatformLaws() {
        PlatformLaws.check { host in
            let list = ListPlatform(showing: host)
            return PlatformLaws.Subject(driver: list.driver, owner: list, hierarchy: { list.record.hierarchy }, goBack: { list.back(in: $0) })
        }
    }

    @Test func itsBackIsThePersonsBackOnTheModelAndARefusalPutsTheEntryBack() throws {
        let host = InMemoryHost()
        let editor = GuardProbe("Editor", leaving: .refuse(because: "unsaved"))
        try host.setRoot(.stack("main", [.screen(LawProbe("Home")), .screen(editor)]))
        let list = ListPlatform(showing: host)
        #expect(list.lines == ["stack main", "  LawProbe \"Home\"", "  GuardProbe \"Editor\""])

        list.back(in: "main")

        #expect(host.entryCount(of: "main") == 2)
        #expect(list.record.hierarchy == host.hierarchy, "the refused Back is undone on the platform")
        editor.leaving = .allow
        list.back(in: "main")
        #expect(host.entryCount(of: "main") == 1)
        #expect(list.lines == ["stack main", "  LawProbe \"Home\""])
    }
}
