import FlowKernel

/// How far ``StackNavigator/getBack(_:)`` goes back: SwiftyFlow's `NavigationPopStyle`.
public struct BackStyle: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case pop
        case popTo(ScreenType)
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

    /// `pop`, `popTo(Catalog)`, `popToRoot`, `modal`.
    public var description: String {
        switch kind {
        case .pop: "pop"
        case .popTo(let type): "popTo(\(type))"
        case .popToRoot: "popToRoot"
        case .modal: "modal"
        }
    }
}
