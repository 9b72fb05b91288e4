import FlowKernel

/// How far ``StackNavigator/getBack(_:)`` goes back: SwiftyFlow's `NavigationPopStyle`.
public struct BackStyle: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case pop
        case popTo(ScreenType)
        case popToScreen(ScreenRef)
        case popToIndex(Int)
        case popToRoot
        case modal
    }

    let kind: Kind

    /// Back one screen.
    public static let pop = BackStyle(kind: .pop)
    /// Back to the navigator's first screen.
    public static let popToRoot = BackStyle(kind: .popToRoot)
    /// Dismiss the top-most modal screen the navigator presented.
    public static let modal = BackStyle(kind: .modal)

    /// Back to the nearest screen of a type below the top.
    public static func popTo<S: Screen>(_ type: S.Type) -> BackStyle {
        BackStyle(kind: .popTo(ScreenType(type)))
    }

    /// Back to one screen the navigator shows, below the top: the one a list's row or a back menu
    /// names.
    @MainActor
    public static func popTo(_ screen: any Screen) -> BackStyle {
        BackStyle(kind: .popToScreen(ScreenRef(screen)))
    }

    /// Back to a screen by its reference.
    static func popTo(screen: ScreenRef) -> BackStyle {
        BackStyle(kind: .popToScreen(screen))
    }

    /// Back to the navigator's screen at an index of its own part of the stack, bottom first: 0 is
    /// its first screen.
    public static func popTo(index: Int) -> BackStyle {
        BackStyle(kind: .popToIndex(index))
    }

    /// `pop`, `popTo(Catalog)`, `popTo(index: 2)`, `popToRoot`, `modal`.
    public var description: String {
        switch kind {
        case .pop: "pop"
        case .popTo(let type): "popTo(\(type))"
        case .popToScreen(let screen): "popTo(\(screen))"
        case .popToIndex(let index): "popTo(index: \(index))"
        case .popToRoot: "popToRoot"
        case .modal: "modal"
        }
    }
}
