#if canImport(SwiftUI)
    import FlowKernel
    import FlowPlatform
    import SwiftUI

    /// Shows a ``NavigationModel`` with SwiftUI's containers: `NavigationStack(path:)` for a stack,
    /// `TabView(selection:)` for a tab group, `.sheet(item:)` for what any node presents, and
    /// `.alert` or `.confirmationDialog` for an alert it presents.
    ///
    /// Make the model once, where the app's state lives, never in a view's body or as a `@State`
    /// default of a view that is made again and again:
    ///
    /// ```swift
    /// @main
    /// struct ShopApp: App {
    ///     @State private var navigation = NavigationModel(showing: Shop.host)
    ///
    ///     var body: some Scene {
    ///         WindowGroup {
    ///             FlowNavigationView(navigation) { screen in
    ///                 switch screen {
    ///                 case let catalog as CatalogScreen: CatalogView(screen: catalog)
    ///                 default: Text(screen.displayName)
    ///                 }
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Every decision is ``NavigationModel``'s and FlowPlatform's, tested on every platform against
    /// FlowSwiftUITesting's `SimulatedSwiftUI`; this layer only binds SwiftUI's views to the model's state.
    @MainActor
    public struct FlowNavigationView<ScreenView: View>: View {
        private let navigation: NavigationModel
        private let screenView: (any Screen) -> ScreenView

        /// Shows the navigation; `screenView` draws each screen.
        public init(_ navigation: NavigationModel, @ViewBuilder screenView: @escaping (any Screen) -> ScreenView) {
            self.navigation = navigation
            self.screenView = screenView
        }

        public var body: some View {
            Group {
                if let root = navigation.root {
                    NodeView(navigation: navigation, ref: root, screenView: screenView).id(root)
                }
            }
            .onAppear {
                navigation.animator = { change, completion in
                    withAnimation(.default, completionCriteria: .logicallyComplete, change) { completion() }
                }
            }
        }
    }

    /// One node, if it is shown.
    @MainActor
    struct NodeView<ScreenView: View>: View {
        let navigation: NavigationModel
        let ref: NodeRef
        let screenView: (any Screen) -> ScreenView

        var body: some View {
            if let node = navigation.node(ref) {
                NodeContent(navigation: navigation, node: node, screenView: screenView)
            }
        }
    }

    /// A screen with the screens it contains, a stack or a tab group, and its sheet.
    @MainActor
    struct NodeContent<ScreenView: View>: View {
        let navigation: NavigationModel
        @Bindable var node: NavigationModel.Node
        let screenView: (any Screen) -> ScreenView

        var body: some View {
            content
                .sheet(item: $node.sheet, onDismiss: { [navigation, ref = node.ref] in navigation.sheetDidDismiss(over: ref) }) { sheet in
                    NodeView(navigation: navigation, ref: sheet.ref, screenView: screenView)
                        .interactiveDismissDisabled(!navigation.allowsSwipeDown(sheet.ref))
                        .onAppear { [navigation, ref = node.ref] in navigation.sheetDidAppear(over: ref) }
                }
                .alert(
                    Text(node.alert?.title ?? ""), isPresented: presenting(.alert), presenting: node.alert,
                    actions: buttons, message: message
                )
                .confirmationDialog(
                    Text(node.alert?.title ?? ""), isPresented: presenting(.confirmationDialog), titleVisibility: .visible,
                    presenting: node.alert, actions: buttons, message: message)
        }

        /// Whether the node presents an alert of a style; SwiftUI's write changes nothing, since
        /// the alert leaves when a button's action answers it.
        private func presenting(_ style: FlowAlert.Style) -> Binding<Bool> {
            Binding(get: { @MainActor [node] in node.alert?.style == style }, set: { @MainActor _ in })
        }

        @ViewBuilder private func buttons(_ alert: FlowAlert) -> some View {
            ForEach(alert.buttons, id: \.title) { [navigation, ref = node.ref] button in
                Button(button.title, role: button.role.map { $0 == .cancel ? ButtonRole.cancel : ButtonRole.destructive }) {
                    navigation.answer(button, over: ref)
                }
            }
        }

        @ViewBuilder private func message(_ alert: FlowAlert) -> some View {
            if let message = alert.message { Text(message) }
        }

        @ViewBuilder private var content: some View {
            switch node.kind {
            case .screen:
                VStack(spacing: 0) {
                    if let screen = navigation.screen(node.ref) {
                        screenView(screen).navigationBarBackButtonHidden(!screen.allowsInteractiveBack)
                    }
                    ForEach(node.children, id: \.self) { child in
                        NodeView(navigation: navigation, ref: child, screenView: screenView)
                    }
                }
            case .stack:
                NavigationStack(path: $node.path) {
                    if let first = node.children.first {
                        // Destinations are declared inside the stack, on its root view.
                        NodeView(navigation: navigation, ref: first, screenView: screenView)
                            .id(first)
                            .navigationDestination(for: NodeRef.self) { entry in
                                NodeView(navigation: navigation, ref: entry, screenView: screenView)
                            }
                    }
                }
            case .tabs(_, let items, _):
                TabView(selection: $node.selection) {
                    ForEach(Array(node.children.enumerated()), id: \.element) { index, tab in
                        NodeView(navigation: navigation, ref: tab, screenView: screenView)
                            .tabItem { TabLabel(item: items.indices.contains(index) ? items[index] : TabItem(title: "")) }
                            .tag(index)
                    }
                }
            }
        }
    }

    /// A tab's title with its image, when it has one.
    struct TabLabel: View {
        let item: TabItem

        var body: some View {
            if let image = item.image {
                Label(item.title, image: image)
            } else {
                Text(item.title)
            }
        }
    }
#endif
