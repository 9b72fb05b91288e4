import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// The host keeps its top-most node across changes that cannot move it; after any sequence of
/// changes it is still the one the hierarchy names.
@MainActor
@Suite("In-memory host: the top-most node over random changes")
struct TopmostSequenceTests {
    @Test("The kept top-most node agrees with the hierarchy after every change", arguments: 0..<20)
    func theKeptTopmostAgreesWithTheHierarchy(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let host = InMemoryHost()
        try host.setRoot(
            .tabs(
                "tabs",
                [.init(TabItem(title: "a"), .stack("a", [.screen(LawProbe("a0"))])), .init(TabItem(title: "b"), .stack("b", [.screen(LawProbe("b0"))]))],
                selected: 0))
        var made = 0
        func stacks() -> [ContainerID] { host.hierarchy.root.map { Self.stacks(in: $0) } ?? [] }
        for _ in 0..<200 {
            made += 1
            let stack = stacks().randomElement(using: &random) ?? "a"
            let top = host.topEntry(of: stack)
            switch random.next() % UInt64(7) {
            case 0, 1: try? host.push(LawProbe("s\(made)"), onto: stack)
            case 2: try? host.pop(stack)
            case 3: try? host.popToRoot(stack)
            case 4:
                if let top { try? host.present(.stack(ContainerID("p\(made)"), [.screen(LawProbe("p\(made)"))]), over: top) }
            case 5:
                if let anchor = host.topmost, let presenter = host.presenter(of: anchor) { try? host.dismiss(presentedBy: presenter) }
            default: try? host.selectTab(Int(random.next() % UInt64(2)), in: "tabs")
            }
            #expect(host.topmost == host.hierarchy.topmost?.ref, "after \(made) changes:\n\(host.render())")
        }
    }

    static func stacks(in node: HierarchyNode) -> [ContainerID] {
        var found: [ContainerID] = []
        if case .stack(let id) = node.kind { found.append(id) }
        for child in node.children { found += stacks(in: child) }
        if let presented = node.presented { found += stacks(in: presented) }
        return found
    }
}

/// A small seeded generator, so a failing sequence repeats.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
