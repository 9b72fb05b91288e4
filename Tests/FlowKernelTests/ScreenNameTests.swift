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
    var displayName: String { "Detail 8" }  // screen-traits: unread on purpose, as the test pins
}

@MainActor
final class UnheardReceipt: DefaultingBase {
    var allowsInteractiveBack: Bool { false }  // screen-traits: unread on purpose, as the test pins
}

@MainActor
class BackDeclaringBase: Screen {
    var allowsInteractiveBack: Bool { true }
}

@MainActor
final class HeardReceipt: BackDeclaringBase {
    override var allowsInteractiveBack: Bool { false }
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

    @Test func aSubclassBackTraitIsReadOnlyWhenItsBaseDeclaresIt() {
        let unheard: any Screen = UnheardReceipt()
        let heard: any Screen = HeardReceipt()
        #expect(unheard.allowsInteractiveBack)
        #expect(!heard.allowsInteractiveBack)
    }
}
