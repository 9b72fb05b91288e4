import FlowChain
import FlowKernel

/// A step screen that accepts no context.
@MainActor
final class Plain: ChainScreen {
    var step: StepHandle?
    let displayName: String
    init(_ name: String) { displayName = name }
}

/// A step screen that accepts a `String` and records what it received.
@MainActor
final class Labelled: ChainScreen {
    var step: StepHandle?
    let displayName: String
    private(set) var received: [String] = []
    init(_ name: String) { displayName = name }
    func update(with context: String) { received.append(context) }
}

/// A step screen that accepts anything (Flowter's untyped form).
@MainActor
final class Anything: ChainScreen {
    typealias Context = Any
    var step: StepHandle?
    private(set) var received: [Any] = []
    func update(with context: Any) { received.append(context) }
}

struct Greeting: Equatable {
    let text: String
}

/// Accepts a `Greeting`.
@MainActor
final class Greeted: ChainScreen {
    var step: StepHandle?
    private(set) var greeting: Greeting?
    func update(with context: Greeting) { greeting = context }
}

/// Records the order things happen in.
@MainActor
final class Log {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

struct Broken: Error, CustomStringConvertible {
    var description: String { "no network" }
}

extension ChainFlow {
    /// The current step's handle, as the screen on top would use it.
    var handle: StepHandle? {
        (currentScreen as? any ChainScreen)?.step
    }
}
