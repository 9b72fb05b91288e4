import FlowKernel
import FlowRuntime
import FlowTestKit
import Testing

/// The plan from one path to the next, as a table: no host, only screens and their names.
@MainActor
@Suite("PathPlan: from the path shown to the path decided")
struct PathPlanTests {
    /// A row names its screens by letter; the test makes one screen per letter.
    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let before: (stack: String, modals: String)
        let after: (stack: String, modals: String)
        let expected: [String]
        var description: String { name }
    }

    nonisolated static let rows: [Row] = [
        Row(name: "the same path changes nothing", before: ("AB", "M"), after: ("AB", "M"), expected: []),
        Row(name: "one entry more pushes it", before: ("A", ""), after: ("AB", ""), expected: ["push B onto [s]"]),
        Row(name: "two entries more push both, in order", before: ("A", ""), after: ("ABC", ""), expected: ["push B onto [s]", "push C onto [s]"]),
        Row(name: "fewer entries pop to the new top in one change", before: ("ABC", ""), after: ("A", ""), expected: ["pop [s] to A"]),
        Row(name: "a new top replaces the stack, keeping what stays", before: ("AB", ""), after: ("AC", ""), expected: ["set [s] to A, C"]),
        Row(name: "all new entries replace the stack", before: ("A", ""), after: ("BC", ""), expected: ["set [s] to B, C"]),
        Row(name: "a modal is presented over the stack", before: ("A", ""), after: ("A", "M"), expected: ["present M over [s]"]),
        Row(name: "a second modal is presented over the first", before: ("A", "M"), after: ("A", "MN"), expected: ["present N over M"]),
        Row(name: "the last modal goes with the one below it", before: ("A", "MN"), after: ("A", "M"), expected: ["dismiss what M presents"]),
        Row(name: "every modal goes in one dismissal", before: ("A", "MN"), after: ("A", ""), expected: ["dismiss what [s] presents"]),
        Row(
            name: "a push dismisses the modals first", before: ("A", "M"), after: ("AB", ""),
            expected: ["dismiss what [s] presents", "push B onto [s]"]),
        Row(
            name: "a new modal in place of the old one", before: ("A", "M"), after: ("A", "N"),
            expected: ["dismiss what [s] presents", "present N over [s]"]),
        Row(
            name: "a stack that changes presents its modals again", before: ("AB", "M"), after: ("A", "M"),
            expected: ["dismiss what [s] presents", "pop [s] to A", "present M over [s]"]),
    ]

    @Test(arguments: rows)
    func thePlanIsTheFewestOperationsInTheirOrder(_ row: Row) throws {
        var screens: [Character: any Screen] = [:]
        func make(_ names: String) -> [any Screen] {
            names.map { name in
                if let screen = screens[name] { return screen }
                let screen = LawProbe(String(name))
                screens[name] = screen
                return screen
            }
        }
        let before = (stack: make(row.before.stack).map(ScreenRef.init), modals: make(row.before.modals).map(ScreenRef.init))
        let operations = try PathPlan.operations(from: before, to: (make(row.after.stack), make(row.after.modals)), in: "s")
        #expect(operations.map(\.description) == row.expected)
    }

    @Test func aPathWithNothingOnItsStackIsRefused() {
        let error = #expect(throws: FlowError.self) {
            let a = LawProbe("A")
            return try PathPlan.operations(from: ([ScreenRef(a)], []), to: ([], [LawProbe("M")]), in: "s")
        }
        #expect(error?.code == .hostRejected)
    }

    @Test func aPathThatShowsAScreenTwiceIsRefused() {
        let error = #expect(throws: FlowError.self) {
            let a = LawProbe("A")
            return try PathPlan.operations(from: ([ScreenRef(a)], []), to: ([a, LawProbe("B")], [a]), in: "s")
        }
        #expect(error?.code == .hostRejected)
    }
}

/// An arrival's plan, as a table: what goes, the entries replaced, and the destination's modals.
@MainActor
@Suite("PathPlan: an arrival at a destination")
struct ArrivalPlanTests {
    @Test(
        "An arrival dismisses what goes, replaces the entries, then presents each modal over the one before",
        arguments: [
            // (presenters of what goes, modals, expected)
            ("", "", ["set [s] to A, B"]),
            ("s", "", ["dismiss what [s] presents", "set [s] to A, B"]),
            ("", "M", ["set [s] to A, B", "present M over [s]"]),
            ("sB", "MN", ["dismiss what [s] presents", "dismiss what B presents", "set [s] to A, B", "present M over [s]", "present N over M"]),
        ])
    func arrival(presenters: String, modals: String, expected: [String]) {
        let a = LawProbe("A")
        let b = LawProbe("B")
        let nodes: [Character: NodeRef] = ["s": .container("s"), "B": .of(b)]
        let operations = PathPlan.arrival(
            dismissing: presenters.compactMap { nodes[$0] }, replacing: .setStack("s", [.screen(a), .screen(b)]),
            presenting: modals.map { .screen(LawProbe(String($0))) }, over: .container("s"))
        #expect(operations.map(\.description) == expected)
    }
}
