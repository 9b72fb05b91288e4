import FlowExplorer

/// FlowExplorer's replaying random number generator, named here too so law checks written
/// before the explorer existed find it through `import FlowTestKit`. A target that turns on the
/// upcoming feature `MemberImportVisibility` also imports FlowExplorer where it makes one.
public typealias SeededGenerator = FlowExplorer.SeededGenerator
