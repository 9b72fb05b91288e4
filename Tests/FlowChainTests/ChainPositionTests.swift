import FlowKernel
import Testing

@testable import FlowChain

/// The decision table: given where a chain stands, what each request and each change made by
/// someone else means.
@MainActor
@Suite("Chain position")
struct ChainPositionTests {
    @Test(
        "next shows the step after the current one, and completes the chain after the last",
        arguments: [
            // (steps, current, the move)
            (3, 0, ChainPosition.Move.show(1)),
            (3, 1, .show(2)),
            (3, 2, .complete),
            (1, 0, .complete),
        ])
    func next(steps: Int, current: Int, move: ChainPosition.Move) throws {
        #expect(try ChainPosition(stepCount: steps, current: current).next(from: current) == move)
    }

    @Test(
        "back shows the step before again",
        arguments: [
            // (current, the move)
            (1, ChainPosition.Move.hide(1, revealing: 0)),
            (2, .hide(2, revealing: 1)),
        ])
    func back(current: Int, move: ChainPosition.Move) throws {
        #expect(try ChainPosition(stepCount: 3, current: current).back(from: current, keepsScreen: true) == move)
    }

    @Test(
        "Requests that cannot be carried out are refused with their code",
        arguments: [
            // (current, the request, the step asking, code)
            (0 as Int?, "back", 0, FlowError.Code.nothingToGoBackTo),
            (1, "back", 0, .stepNotCurrent),
            (1, "next", 2, .stepNotCurrent),
            (nil, "next", 0, .stepNotCurrent),
            (2, "backUnkept", 2, .nothingToGoBackTo),
        ] as [(Int?, String, Int, FlowError.Code)])
    func refused(current: Int?, request: String, step: Int, code: FlowError.Code) {
        let position = ChainPosition(stepCount: 3, current: current)
        let error = #expect(throws: FlowError.self) {
            switch request {
            case "next": _ = try position.next(from: step)
            case "back": _ = try position.back(from: step, keepsScreen: true)
            default: _ = try position.back(from: step, keepsScreen: false)
            }
        }
        #expect(error?.code == code)
    }

    @Test(
        "An arrival goes forward through every step between, or back taking away the steps above",
        arguments: [
            // (current, target, steps handed a context, forward, leaving)
            (0, 2, [1, 2], true, [Int]()),
            (1, 2, [2], true, []),
            (3, 1, [1], false, [3, 2]),
            (2, 2, [2], false, []),
            (2, 0, [0], false, [2, 1]),
        ])
    func arrival(current: Int, target: Int, steps: [Int], forward: Bool, leaving: [Int]) throws {
        let arrival = try ChainPosition(stepCount: 4, current: current).arrival(at: target, chain: "c")
        #expect(arrival == ChainPosition.Arrival(steps: steps, forward: forward, leaving: leaving))
    }

    @Test(
        "An arrival on another road goes back to the fork, then forward through the road's steps",
        arguments: [
            // (trail, fork, steps that apply after it, target, steps shown, leaving)
            ([0, 2, 3], 0, Set([1, 3]), 3, [1, 3], [3, 2]),
            ([0, 1, 3], 1, [2, 4], 4, [2, 4], [3]),
            ([0, 3], 0, [4], 4, [4], [3]),
        ] as [([Int], Int, Set<Int>, Int, [Int], [Int])])
    func arrivalOnAnotherRoad(trail: [Int], fork: Int, applying: Set<Int>, target: Int, steps: [Int], leaving: [Int]) throws {
        let arrival = try ChainPosition(stepCount: 5, trail: trail).arrival(at: target, chain: "c", fork: fork, applies: applying.contains)
        #expect(arrival == ChainPosition.Arrival(steps: steps, forward: true, leaving: leaving))
    }

    @Test func aForkAtTheCurrentStepIsAnArrivalForwardFromIt() throws {
        let arrival = try ChainPosition(stepCount: 5, trail: [0, 2]).arrival(at: 4, chain: "c", fork: 2, applies: [4].contains)
        #expect(arrival == ChainPosition.Arrival(steps: [4], forward: true, leaving: []))
    }

    @Test(
        "An arrival at a step the chain does not have, or after it ended, is refused",
        arguments: [(0 as Int?, 4, FlowError.Code.indexOutOfRange), (0, -1, .indexOutOfRange), (nil, 1, .flowFinished)] as [(Int?, Int, FlowError.Code)])
    func refusedArrival(current: Int?, target: Int, code: FlowError.Code) {
        let error = #expect(throws: FlowError.self) { try ChainPosition(stepCount: 4, current: current).arrival(at: target, chain: "c") }
        #expect(error?.code == code)
    }

    @Test(
        "After someone else's change, the last step still shown is current",
        arguments: [
            // (current, kept, shown, what the chain does)
            (2, [0, 1, 2], [0, 1, 2], ChainPosition.Follow.stay),
            (2, [0, 1, 2], [0, 1], .current(1, releasing: [2])),
            (2, [0, 1, 2], [0], .current(0, releasing: [1, 2])),
            (2, [0, 1, 2], [], .end),
            (1, [0, 1], [0, 1, 7], .stay),
        ] as [(Int, Set<Int>, Set<Int>, ChainPosition.Follow)])
    func following(current: Int, kept: Set<Int>, shown: Set<Int>, follow: ChainPosition.Follow) {
        #expect(ChainPosition(stepCount: 3, current: current).following(kept: kept, isShown: shown.contains, staysShown: { _ in true }) == follow)
    }

    @Test(
        "A step below the current one taken away is let go of when it stays shown until someone takes it away, and kept when the chain replaced it",
        arguments: [
            // (kept, shown, steps that stay shown, what the chain does)
            ([0, 1, 2], [0, 2], [0, 1, 2], ChainPosition.Follow.current(2, releasing: [1])),
            ([0, 1, 2], [2], [1], .current(2, releasing: [1])),
            ([0, 1, 2], [2], [], .stay),
            ([0, 1, 2], [0, 2], [0, 2], .stay),
        ] as [(Set<Int>, Set<Int>, Set<Int>, ChainPosition.Follow)])
    func followingWhatStaysShown(kept: Set<Int>, shown: Set<Int>, staying: Set<Int>, follow: ChainPosition.Follow) {
        #expect(ChainPosition(stepCount: 3, current: 2).following(kept: kept, isShown: shown.contains, staysShown: staying.contains) == follow)
    }
}
