import FlowCoordinator
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Coordinator: the gesture law")
struct CoordinatorGestureLawTests {
    /// Moves, back, a sheet, and one child at a time, on the stack or presented.
    static func legal(_ app: PageCoordinator) -> [GestureLaws.Request] {
        var requests = [GestureLaws.Request("finish") { try app.finish(with: "done") }]
        if let child = app.child {
            requests.append(GestureLaws.Request("cancel the child") { try child.cancel() })
            if let page = child as? PageCoordinator {
                requests.append(GestureLaws.Request("child moves") { try page.move(to: Page("in child")) })
            }
            return requests
        }
        if app.presentedSheet != nil {
            requests.append(GestureLaws.Request("dismiss the sheet") { try app.dismissSheet() })
            return requests
        }
        requests.append(GestureLaws.Request("move") { try app.move(to: Page("page")) })
        requests.append(GestureLaws.Request("present a sheet") { try app.present(sheet: Page("sheet")) })
        requests.append(GestureLaws.Request("start a child") { try app.start(child: PageCoordinator("child")) })
        requests.append(GestureLaws.Request("present a child") { try app.start(child: PageCoordinator("sheet"), presented: true) })
        if app.topNode != app.startNode {
            requests.append(GestureLaws.Request("back") { try app.back() })
            requests.append(GestureLaws.Request("backToStart") { try app.backToStart() })
        }
        return requests
    }

    @Test(
        "The coordinator and its children follow random gestures between its own requests",
        arguments: [
            (FlowPlacement.presented, UInt64(300)), (.onStack("base"), 100), (.root, 100),
        ])
    func gestureLaw(_ placement: FlowPlacement, _ seeds: UInt64) {
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: seeds), placement: placement, makeHost: { InMemoryHost() }, make: { PageCoordinator("app") },
            legalRequests: Self.legal)
    }

    @Test("A tab coordinator follows random gestures, tab bar included")
    func tabGestureLaw() {
        GestureLaws.check(seeds: 1...GestureLaws.seedCount(default: 100), placement: .presented, makeHost: { InMemoryHost() }, make: { TwoTabs("tabs") }) {
            tabs in
            guard let item = try? tabs.currentItem as? PageCoordinator else { return [] }
            var requests = [GestureLaws.Request("move in the item") { try item.move(to: Page("in tab")) }]
            if item.topNode != item.startNode { requests.append(GestureLaws.Request("item back") { try item.back() }) }
            requests.append(GestureLaws.Request("select the other tab") { try tabs.select(1 - (tabs.selectedIndex ?? 0)) })
            return requests
        }
    }
}
