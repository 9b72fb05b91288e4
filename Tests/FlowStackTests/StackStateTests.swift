import FlowKernel
import FlowTestKit
import Testing

@testable import FlowStack

/// The state a navigator keeps, as a value: what each decided change does to it once the host has
/// made the host change, read with no host.
@MainActor
@Suite("Stack state")
struct StackStateTests {
    static let a = LawProbe("A"), b = LawProbe("B"), m = LawProbe("M"), n = LawProbe("N")

    /// A state showing A (registration 0, argument "a") and B (registration 1), with the modal M
    /// presented over them and its callback noting "M".
    static func shown(_ log: Log) -> StackState {
        var state = StackState()
        _ = state.apply(StackState.Change(adoptingAll: [.init(a.ref, 0, .some("a")), .init(b.ref, 1, .none), .init(m.ref, 2, .none)]))
        _ = state.apply(StackState.Change(remembering: (m.ref, { log.add("M") })))
        return state
    }

    final class Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    @Test(
        "A change forgets what left, keeps what came with its registration and argument, and hands back the dismissed modals' callbacks",
        arguments: [
            // (what the change does, the screens kept after, the callbacks handed back)
            ("pop B", ["A", "M"], [] as [String]),
            ("dismiss M", ["A", "B"], ["M"]),
            ("push N", ["A", "B", "M", "N"], []),
            ("replace by N", ["N"], ["M"]),
        ])
    func apply(change name: String, kept: [String], callbacks: [String]) {
        let log = Log()
        var state = Self.shown(log)
        let change: StackState.Change =
            switch name {
            case "pop B": StackState.Change(forgetting: [Self.b.ref])
            case "dismiss M": StackState.Change(dismissed: [Self.m.ref], forgetting: [Self.m.ref])
            case "push N": StackState.Change(adopting: .init(Self.n.ref, 3, .some(7)), carrying: .some(7))
            default:
                StackState.Change(
                    dismissed: [Self.m.ref], forgetting: [Self.a.ref, Self.b.ref, Self.m.ref], adoptingAll: [.init(Self.n.ref, 3, .none)])
            }
        for callback in state.apply(change) { callback() }
        let names = [Self.a, Self.b, Self.m, Self.n].filter { state.origins[$0.ref.instance] != nil }.map(\.displayName)
        #expect(names == kept)
        #expect(log.entries == callbacks)
        // A callback runs once: taken, it is gone, and so is a forgotten modal's.
        #expect(state.modalCallbacks.map(\.screen) == (kept.contains("M") && callbacks.isEmpty ? [Self.m.ref] : []))
    }

    @Test func anArgumentIsKeptForItsScreenAndCarriedToTheNextUntilOneOfVoidCarriesNothing() {
        var state = StackState()
        _ = state.apply(StackState.Change(adopting: .init(Self.a.ref, 0, .some("card")), carrying: .some("card")))
        #expect(state.arguments[Self.a.ref.instance] as? String == "card")
        #expect(state.origins[Self.a.ref.instance]?.registration == 0)
        _ = state.apply(StackState.Change(adopting: .init(Self.b.ref, 1, .some(())), carrying: .some(())))
        if case .some(let carried) = state.carried {
            #expect(carried as? String == "card")
        } else {
            Issue.record("The argument carried was lost")
        }
        _ = state.apply(StackState.Change(forgetting: [Self.a.ref]))
        #expect(state.arguments[Self.a.ref.instance] == nil)
    }

    @Test func aModalShownAgainReplacesTheCallbackItsIdentityLeft() {
        let log = Log()
        var state = Self.shown(log)
        _ = state.apply(StackState.Change(remembering: (Self.m.ref, { log.add("M again") })))
        for callback in state.apply(StackState.Change(dismissed: [Self.m.ref])) { callback() }
        #expect(log.entries == ["M again"])
    }
}
