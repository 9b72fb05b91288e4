import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStage

/// A step with many flows running: what the host's flow tree costs a request as the tree grows.
///
/// The tree visits only the flows a change touches, so a forward step then Back at the top of the
/// tree costs the same with 1,000 flows running as with one, whoever makes the Back.
@MainActor
enum Trees {
    enum Back {
        /// The top flow's own request.
        case own
        /// The person's Back gesture.
        case person
    }

    /// `count` coordinators, each presented over the one before; the top one moves forward a
    /// screen, then goes back.
    static func nestedByPresentation(count: Int, back: Back) -> (Int) -> Void {
        let host = InMemoryHost()
        var top = BenchCoordinator("flow0")
        must { try top.start(on: host) }
        for index in 1..<max(count, 1) {
            let next = BenchCoordinator(FlowID("flow\(index)"))
            must { try top.start(child: next, presented: true) }
            top = next
        }
        return step(top, on: host, back: back)
    }

    /// A tab group of `count` coordinators; the selected one moves forward a screen, then goes
    /// back.
    static func tabs(count: Int, back: Back) -> (Int) -> Void {
        let host = InMemoryHost()
        let tabs = BenchTabs("tabs", count: count)
        must { try tabs.start(on: host) }
        return step(tabs.items[0], on: host, back: back)
    }

    private static func step(_ flow: any Coordinator, on host: InMemoryHost, back: Back) -> (Int) -> Void {
        { n in
            for _ in 0..<n {
                try? flow.move(to: Other())
                switch back {
                case .own: try? flow.back()
                case .person: try? host.user.back()
                }
            }
        }
    }
}

final class BenchTabs: TabCoordinator<Void> {
    let count: Int
    init(_ id: FlowID, count: Int) {
        self.count = count
        super.init(id)
    }
    override func start() throws {
        try super.start()
        for index in 0..<count {
            try addItem(title: "\(index)", coordinator: BenchCoordinator(FlowID("item\(index)")))
        }
    }
}
