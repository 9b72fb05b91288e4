import FlowKernel
import FlowWeb

/// The shop on the web: each visitor gets a ``ShopSession`` in one strategy, and each shop screen
/// a page — its lines as paragraphs, its problem and message, its actions as buttons.
@MainActor
public enum ShopWeb {
    /// A site serving the shop in a strategy, a session per visitor.
    ///
    /// - Parameters:
    ///   - strategy: The strategy every visitor's shop is written in.
    ///   - limits: How much the site takes.
    public static func site(_ strategy: Strategy, limits: FlowSite.Limits = FlowSite.Limits()) -> FlowSite {
        FlowSite(limits: limits) { try visit(strategy) }
    }

    /// A run of the shop for one visitor.
    public static func visit(_ strategy: Strategy) throws -> WebVisit {
        let session = try ShopSession(strategy: strategy)
        return WebVisit(
            host: session.host, owner: session, transcript: { [unowned session] in session.log.lines },
            page: { [unowned session] screen in page(for: screen, in: session) },
            ended: { [unowned session] in WebScreen(title: "Thank you", content: "<p>\(session.summary)</p>") })
    }

    /// A shop screen as a page.
    static func page(for screen: any Screen, in session: ShopSession) -> WebScreen {
        guard let screen = screen as? ShopScreen else { return WebScreen(title: screen.displayName) }
        var content: [HTML] = screen.lines.map { "<p>\($0)</p>" }
        if let problem = screen.problem { content.append("<p class=\"problem\" role=\"alert\">\(problem)</p>") }
        if let message = screen.message { content.append("<p class=\"message\" role=\"status\">\(message)</p>") }
        let actions = screen.actions.map { action in
            WebAction(
                action.name, label: action.summary.prefix(1).uppercased() + action.summary.dropFirst(),
                field: action.argument.map { placeholder in
                    let label = placeholder.filter { $0 != "<" && $0 != ">" }
                    return WebAction.Field(label: label.prefix(1).uppercased() + label.dropFirst())
                }
            ) { [unowned session] text in
                let line = text.map { "\(action.name) \($0)" } ?? action.name
                guard let command = Command(line) else { return }
                try session.run(command)
            }
        }
        return WebScreen(title: screen.title, content: "\(content)", actions: actions)
    }
}
