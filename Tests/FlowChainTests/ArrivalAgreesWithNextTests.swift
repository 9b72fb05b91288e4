import FlowChain
import FlowExplorer
import FlowKernel
import FlowStage
import Foundation
import Testing

/// A step that takes a number and hands one on; where it picks, the number names the road.
@MainActor
final class Hop: ChainScreen {
    typealias Context = Int
    typealias NextContext = Int
    var step: StepHandle?
    let displayName: String
    private(set) var context: Int?
    init(_ name: String) { displayName = name }
    func update(with context: Int) { self.context = context }
}

/// The law a port from outside found broken: an arrival at a step shows what the chain's own
/// `next` shows on the way there, whatever roads its picks take. Checked over random chains, random
/// roads and random places the arrival starts from.
@MainActor
@Suite("Step chain: an arrival agrees with next on every road")
struct ArrivalAgreesWithNextTests {
    /// A chain's shape: how many steps, and for each step that picks, the steps after it it picks
    /// among (by index).
    @MainActor struct Shape {
        var count: Int
        var picks: [Int: [Int]]

        static func random(_ random: inout SeededGenerator) -> Shape {
            let count = 3 + random.below(5)
            var picks: [Int: [Int]] = [:]
            for index in 0..<(count - 2) where random.below(2) == 0 {
                let later = Array((index + 1)..<count)
                let among = later.filter { _ in random.below(2) == 0 }
                if among.count >= 2 { picks[index] = among }
            }
            return Shape(count: count, picks: picks)
        }

        /// The chain: step `i` is named `s<i>`; a pick maps a number to one of its roads.
        func chain() -> ChainFlow<Int> {
            var builder = StepChain<Int>("road").addStep(step(0))
            for index in 1..<count { builder = builder.addStep(step(index)) }
            return builder.finish()
        }

        private func step(_ index: Int) -> Step<Hop> {
            let step = Step { Hop("s\(index)") }.named("s\(index)")
            guard let among = picks[index] else { return step }
            let names = among.map { "s\($0)" }
            return step.choosingNext("pick \(index)", among: names) { (road: Int) in names[road % names.count] }
        }
    }

    /// Walks a chain by `next` from its first step: a random number handed on at each step, up
    /// to `moves` moves or the last step. Returns the contexts each shown step was handed.
    static func walk(_ chain: ChainFlow<Int>, moves: Int, _ random: inout SeededGenerator) throws -> [Int: Int] {
        var handed: [Int: Int] = [:]
        for _ in 0..<moves {
            guard let current = chain.currentStep, current < chain.stepCount - 1, let hop = chain.currentScreen as? Hop else { break }
            let road = random.below(1_000)
            try hop.step?.next(context: road)
            if let shown = chain.currentStep { handed[shown] = road }
        }
        return handed
    }

    /// How many seeds: 300, or `FLOWKIT_CHAIN_ARRIVAL_SEEDS` when `.ci/fuzz` asks for more.
    static let seeds = ProcessInfo.processInfo.environment["FLOWKIT_CHAIN_ARRIVAL_SEEDS"].flatMap(UInt64.init) ?? 300

    @Test func anArrivalShowsWhatNextShowsOnRandomRoads() throws {
        for seed in 1...Self.seeds { try check(seed: seed) }
    }

    private func check(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let shape = Shape.random(&random)

        let byNext = shape.chain()
        let nextHost = InMemoryHost()
        try byNext.start(on: nextHost)
        let handed = try Self.walk(byNext, moves: 1 + random.below(shape.count), &random)
        let target = try #require(byNext.currentStep)

        // Another chain, first walked somewhere else, then arriving where the walk arrived.
        let byArrival = shape.chain()
        let arrivalHost = InMemoryHost()
        try byArrival.start(on: arrivalHost)
        _ = try Self.walk(byArrival, moves: random.below(shape.count), &random)
        try byArrival.arrive(atStep: target) { handed[$0] }

        let what = "seed \(seed), \(shape.count) steps, picks \(shape.picks), handed \(handed)"
        #expect(byArrival.shownSteps == byNext.shownSteps, "\(what)")
        #expect(arrivalHost.entries(of: "road")?.map(\.description) == nextHost.entries(of: "road")?.map(\.description), "\(what)")
        for step in byNext.shownSteps.dropFirst() {
            let shown = arrivalHost.entries(of: "road")?.first { $0.description == "s\(step)" }
            let screen = shown?.screen.flatMap { arrivalHost.screen(for: $0) } as? Hop
            #expect(screen?.context == handed[step], "\(what): s\(step)")
        }
    }
}

extension SeededGenerator {
    /// A number from 0 up to, not including, `bound`.
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
