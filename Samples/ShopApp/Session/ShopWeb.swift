import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowWeb
import Foundation

/// The shop (or the sign-up) on the web: each visitor gets a session of the app in one strategy,
/// and each screen a page — its lines as paragraphs, its problem and message, its actions as
/// buttons and forms.
@MainActor
public enum ShopWeb {
    /// A site serving an app (the shop by default) in a strategy, a session per visitor.
    ///
    /// - Parameters:
    ///   - strategy: The strategy every visitor's app is written in.
    ///   - app: The app served.
    ///   - limits: How much the site takes.
    public static func site(_ strategy: Strategy, app: SampleApp = .shop, limits: FlowSite.Limits = FlowSite.Limits()) -> FlowSite {
        dressed(FlowSite(limits: limits) { try visit(strategy, app: app) }, app: app)
    }

    /// A site serving an app (the shop by default) in a strategy whose sessions are kept in a
    /// store: they outlive the process, and another process on the same store continues them.
    ///
    /// - Parameters:
    ///   - strategy: The strategy every visitor's app is written in.
    ///   - app: The app served.
    ///   - store: Where the sessions are kept.
    ///   - sessionLifetime: How long a session lasts after its last change, in seconds.
    ///   - limits: How much the site takes.
    public static func site(
        _ strategy: Strategy, app: SampleApp = .shop, store: any SessionStore, sessionLifetime: TimeInterval = 24 * 60 * 60,
        limits: FlowSite.Limits = FlowSite.Limits()
    ) -> FlowSite {
        dressed(
            FlowSite(
                limits: limits, store: store, sessionLifetime: sessionLifetime, start: { try visit(strategy, app: app) },
                restore: { try visit(strategy, app: app, restoring: $0) }),
            app: app)
    }

    /// The folder of the shop's stylesheet and icon, which its sites serve under `/static`.
    public static var staticFolder: String {
        (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("Static").path
    }

    /// The shop's own look: its stylesheet and icon from its static folder, its name at the top
    /// and a line at the bottom of every page.
    public static let layout = WebLayout(
        head: #"<link rel="stylesheet" href="/static/shop.css"><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">"#,
        header: #"<header class="shop-header"><a href="/">FlowKit shop</a></header>"#,
        footer: #"<footer class="shop-footer">Three products, one cart — and the browser's Back always shows what the shop holds.</footer>"#,
        includesStandardStyle: false)

    /// The sign-up's look: the shop's stylesheet and icon, its own name and line.
    public static let signupLayout = WebLayout(
        head: #"<link rel="stylesheet" href="/static/shop.css"><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">"#,
        header: #"<header class="shop-header"><a href="/">FlowKit sign-up</a></header>"#,
        footer: #"<footer class="shop-footer">Details, a card for the pro plan only, confirm — and the browser's Back walks the steps you saw.</footer>"#,
        includesStandardStyle: false)

    /// A site with the app's look and the static files.
    private static func dressed(_ site: FlowSite, app: SampleApp) -> FlowSite {
        site.layout = app == .shop ? layout : signupLayout
        // The folder ships with the app; a build without its resources serves pages unstyled.
        site.staticFiles = try? StaticFiles(folder: staticFolder)
        return site
    }

    /// What a web session of the shop keeps of the app: the shop saved as `:save` saves it, and,
    /// once its run has ended (it shows nothing), what its last page says: the shop is then not
    /// started anew when it comes back, and says the same.
    public struct SavedWebShop: Codable, Hashable, Sendable {
        /// The shop: strategy, model, navigation and a link waiting behind sign-in.
        public var shop: SavedShop
        /// How the run ended, as its last page says it; `nil` while it runs.
        public var ended: String?
    }

    /// What a web session of the sign-up keeps of the app, as ``SavedWebShop`` does the shop's.
    public struct SavedWebSignup: Codable, Hashable, Sendable {
        /// The sign-up: strategy, model and navigation.
        public var signup: SavedSignup
        /// How the run ended, as its last page says it; `nil` while it runs.
        public var ended: String?
    }

    /// A run of the app (the shop by default) for one visitor.
    public static func visit(_ strategy: Strategy, app: SampleApp = .shop) throws -> WebVisit {
        web(try AppSessions.make(app, strategy: strategy), since: 0, ended: nil)
    }

    /// The run of the app a web session saved, made again as it was.
    ///
    /// - Throws: `invalidSnapshot` when the state does not read, was saved by another app or in
    ///   another strategy, or does not come back whole (what the restoration report says was left
    ///   out).
    public static func visit(_ strategy: Strategy, app: SampleApp = .shop, restoring data: Data) throws -> WebVisit {
        let saved: SavedApp
        let ended: String?
        do {
            switch app {
            case .shop:
                let web = try JSONDecoder().decode(SavedWebShop.self, from: data)
                (saved, ended) = (.shop(web.shop), web.ended)
            case .signup:
                let web = try JSONDecoder().decode(SavedWebSignup.self, from: data)
                (saved, ended) = (.signup(web.signup), web.ended)
            }
        } catch {
            throw FlowError(.invalidSnapshot, "The saved \(app.name) does not read: \(error)")
        }
        guard saved.strategy == strategy.rawValue else {
            throw FlowError(.invalidSnapshot, "The saved \(app.name) ran in the \(saved.strategy) strategy, and this site serves \(strategy.rawValue).")
        }
        let session = try AppSessions.make(app, strategy: strategy, restoring: saved, ended: ended != nil)
        if let report = session.restoration, !report.isComplete {
            session.host.flows.endAll()
            throw FlowError(
                .invalidSnapshot, "Not everything came back: \(report.entries.filter { $0.outcome != .restored }.map(\.description).joined(separator: "; "))")
        }
        // What restoring reported is the restore's own doing, not the visitor's: the transcript
        // carries on from what the visit saved.
        return web(session, since: session.log.lines.count, ended: ended)
    }

    /// A session as a web visit, its transcript from the `since`th line; `ended` is what the last
    /// page of a run that had ended said.
    private static func web(_ session: any AppSession, since: Int, ended: String?) -> WebVisit {
        WebVisit(
            host: session.host, owner: session, transcript: { [unowned session] in Array(session.log.lines.dropFirst(since)) },
            page: { [unowned session] screen in page(for: screen, in: session) },
            ended: { [unowned session] in WebScreen(title: "Thank you", content: "<p>\(ended ?? session.summary)</p>") },
            saving: { [unowned session] in
                let end = session.host.hierarchy.root == nil ? ended ?? session.summary : nil
                return switch session.saved() {
                case .shop(let shop): try JSONEncoder().encode(SavedWebShop(shop: shop, ended: end))
                case .signup(let signup): try JSONEncoder().encode(SavedWebSignup(signup: signup, ended: end))
                }
            })
    }

    /// A part of an action's argument as a form's field.
    private static func field(for part: ArgumentPart, named name: String) -> WebAction.Field {
        let kind: WebAction.Field.Kind =
            switch part.kind {
            case .text: .text
            case .email: .email
            case .choice(let options): .choice(options.map { WebAction.Field.Choice($0.value, $0.label) })
            }
        return WebAction.Field(
            name, label: part.label, kind: kind, value: part.value, autocomplete: part.autocomplete, isSensitive: part.isSensitive ? true : nil,
            check: part.check)
    }

    /// A screen of the app as a page.
    static func page(for screen: any Screen, in session: any AppSession) -> WebScreen {
        guard let screen = screen as? ShopScreen else { return WebScreen(title: screen.displayName) }
        var content: [HTML] = screen.lines.map { "<p>\($0)</p>" }
        if let problem = screen.problem { content.append("<p class=\"problem\" role=\"alert\">\(problem)</p>") }
        if let message = screen.message { content.append("<p class=\"message\" role=\"status\">\(message)</p>") }
        // Forms a person fills in come before the buttons that only move.
        let ordered = screen.actions.filter { !$0.parts.isEmpty } + screen.actions.filter { $0.parts.isEmpty }
        let actions = ordered.map { action in
            let label = action.summary.prefix(1).uppercased() + action.summary.dropFirst()
            let run: @MainActor (String?) throws -> Void = { [unowned session] text in
                guard let command = Command(text.map { "\(action.name) \($0)" } ?? action.name) else { return }
                try session.run(command)
            }
            // An argument of one part is posted as `text`; one of several parts as a field each,
            // typed back in the shop's own `a; b; c` form.
            if action.parts.count == 1, let part = action.parts.first {
                return WebAction(action.name, label: label, fields: [field(for: part, named: "text")]) { values in try run(values["text"]) }
            }
            if !action.parts.isEmpty {
                let names = action.parts.map(\.name)
                return WebAction(action.name, label: label, fields: action.parts.map { field(for: $0, named: $0.name) }) { values in
                    try run(names.map { values[$0] ?? "" }.joined(separator: "; "))
                }
            }
            return WebAction(
                action.name, label: label,
                field: action.argument.map { placeholder in
                    let label = placeholder.filter { !"<>[]".contains($0) }
                    return WebAction.Field(label: label.prefix(1).uppercased() + label.dropFirst(), isRequired: !action.isArgumentOptional)
                },
                perform: run)
        }
        return WebScreen(title: screen.title, content: "\(content)", actions: actions)
    }
}
