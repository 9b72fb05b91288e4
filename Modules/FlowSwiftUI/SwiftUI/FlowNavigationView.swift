#if canImport(SwiftUI)
    import FlowKernel
    import FlowPlatform
    import SwiftUI

    /// Shows a ``NavigationModel`` with SwiftUI's containers: `NavigationStack(path:)` for a stack,
    /// `TabView(selection:)` for a tab group, `.sheet(item:)` for what a screen presents.
    ///
    /// ```swift
    /// @State private var navigation = NavigationModel(showing: host)
    ///
    /// var body: some Scene {
    ///     WindowGroup {
    ///         FlowNavigationView(navigation) { screen in
    ///             switch screen {
    ///             case let catalog as CatalogScreen: CatalogView(screen: catalog)
    ///             default: Text(screen.displayName)
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// This layer is compiled on Apple platforms only; the state it binds to, and every decision
    /// behind it, are FlowSwiftUI's and FlowPlatform's, tested on every platform.
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
            if let root = navigation.root {
                NodeView(navigation: navigation, ref: root, screenView: screenView)
            }
        }
    }

    /// One node: a screen with its sheet, a stack or a tab group.
    @MainActor
    struct NodeView<ScreenView: View>: View {
        let navigation: NavigationModel
        let ref: NodeRef
        let screenView: (any Screen) -> ScreenView

        var body: some View {
            if let node = navigation.node(ref) {
                switch node.kind {
                case .screen:
                    screen(node)
                case .stack(let id):
                    NavigationStack(
                        path: Binding(
                            get: { navigation.path(of: id) },
                            set: { navigation.setPath($0, of: id) }
                        )
                    ) {
                        if let first = node.children.first {
                            // Destinations are declared inside the stack, on its root view.
                            NodeView(navigation: navigation, ref: first, screenView: screenView)
                                .navigationDestination(for: NodeRef.self) { entry in
                                    NodeView(navigation: navigation, ref: entry, screenView: screenView)
                                }
                        }
                    }
                case .tabs(let id, let items, _):
                    TabView(
                        selection: Binding(
                            get: { navigation.selectedTab(of: id) },
                            set: { navigation.setSelectedTab($0, of: id) }
                        )
                    ) {
                        ForEach(Array(node.children.enumerated()), id: \.element) { index, tab in
                            NodeView(navigation: navigation, ref: tab, screenView: screenView)
                                .tabItem { Text(items.indices.contains(index) ? items[index].title : "") }
                                .tag(index)
                        }
                    }
                }
            }
        }

        /// A screen, the screens it contains, and its sheet.
        private func screen(_ node: NavigationModel.Node) -> some View {
            VStack(spacing: 0) {
                if let screen = navigation.screen(ref) { screenView(screen) }
                ForEach(node.children, id: \.self) { child in
                    NodeView(navigation: navigation, ref: child, screenView: screenView)
                }
            }
            .sheet(
                item: Binding(
                    get: { navigation.presented(by: ref).map(Presented.init) },
                    set: { navigation.setPresented($0?.ref, by: ref) }
                ),
                onDismiss: { navigation.sheetDidDismiss(over: ref) }
            ) { presented in
                NodeView(navigation: navigation, ref: presented.ref, screenView: screenView)
                    .interactiveDismissDisabled(!navigation.allowsSwipeDown(presented.ref))
            }
        }
    }

    /// A presented node as `.sheet(item:)` wants it.
    struct Presented: Identifiable {
        let ref: NodeRef
        var id: NodeRef { ref }
    }
#endif
