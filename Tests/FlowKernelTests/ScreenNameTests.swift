import FlowKernel
import Testing

/// A base that declares `displayName`, as Screen's documentation asks.
@MainActor
class DeclaringBase: Screen {
    var displayName: String { "Base" }
}

@MainActor
final class NamedDetail: DeclaringBase {
    override var displayName: String { "Detail 7" }
}

/// A base that relies on the default name.
@MainActor
class DefaultingBase: Screen {}

@MainActor
final class UnheardDetail: DefaultingBase {
    var displayName: String { "Detail 8" }
}

/// What Screen's documentation says of names in class hierarchies.
@MainActor
@Suite("Screen names")
struct ScreenNameTests {
    @Test func aSubclassNameIsUsedWhenItsBaseDeclaresTheProperty() {
        #expect(ScreenRef(NamedDetail()).displayName == "Detail 7")
    }

    @Test func aSubclassNameIsNotUsedWhenItsBaseReliesOnTheDefault() {
        #expect(ScreenRef(UnheardDetail()).displayName == "UnheardDetail")
    }
}
