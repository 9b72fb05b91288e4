import FlowExplorer

/// FlowExplorer's replaying random number generator, named here too so law checks written
/// before the explorer existed keep compiling with `import FlowTestKit` alone.
public typealias SeededGenerator = FlowExplorer.SeededGenerator
