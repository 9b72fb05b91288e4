import FlowKernel
import FlowPlatform
import FlowRuntime
import FlowStage
import Foundation

/// One visitor's run of an app on the web: the model host the app's flows run on, the browser's
/// pages as a ``WebPlatform``, and the driver between them.
///
/// The app makes one for each new visitor (``FlowSite``'s `start`): it starts its flows on a host
/// and says how each screen looks as a page. The visit keeps the app's objects alive as long as
/// the visitor's session lasts.
@MainActor
public final class WebVisit {
    /// The host the visitor's flows run on.
    public let host: any FlowHost
    /// The pages the browser shows.
    public let platform = WebPlatform()
    /// Brings the pages to what the host shows.
    public let driver: NavigationDriver
    /// The model's events since the visit began, when the app lets the site show them
    /// (``FlowSite/exposesState``).
    public let transcript: (@MainActor () -> [String])?
    let page: @MainActor (any Screen) -> WebScreen
    let ended: @MainActor () -> WebScreen
    /// The token every form of the session carries: a page of another site cannot know it.
    private(set) var formToken: String
    /// How many changes the session has made: a form made before the last one is out of date.
    private(set) var revision = 0
    /// A sentence for the person, shown once on the next page.
    var notice: String?
    /// The pages of the screens shown, while a page is rendered: each screen's page is made once.
    var pagesBeingRendered: [ScreenRef: WebScreen]?
    /// What the person last posted in each form of the pages still shown, with the messages of
    /// the values that did not hold, by ``draftKey(screen:action:)``: a form shows it again after
    /// a refusal, after Back and after a reload. Sensitive fields are never kept.
    private(set) var drafts: [String: SavedVisit.Draft] = [:]
    /// The app's look around the pages: the site's, set when the site takes the visit.
    var layout = WebLayout.standard
    /// Where the visit tells what went wrong that its pages do not explain: its site's
    /// ``FlowSite/onProblem``.
    var problems: (@MainActor (SiteProblem) -> Void)?
    /// What went wrong between the pages and the model, as the driver and the visit's own check
    /// after every change found it: empty, unless app code moved the pages behind the driver.
    public var drifts: [String] { watcher.drifts }
    private let owner: AnyObject?
    private let watcher = RefusalWatcher()
    /// Saves the app's own state, for a site that keeps its sessions in a store.
    private let saving: (@MainActor () throws -> Data)?
    /// The transcript's lines from before the visit was continued from a store.
    private var earlierTranscript: [String] = []

    /// Starts showing a host's flows to a visitor.
    ///
    /// - Parameters:
    ///   - host: The host the app's flows run on, already started.
    ///   - owner: What the visit keeps alive for as long as it lasts: the app's session object.
    ///   - transcript: The model's events as lines, for tests (``FlowSite/exposesState``).
    ///   - page: How a screen looks as a page.
    ///   - ended: The page shown once the app's flows show nothing: how the run ended.
    ///   - saving: Saves the app's own state — its model and its navigation snapshot — for a site
    ///     that keeps sessions in a ``SessionStore``; the site's `restore` reads it back. A visit
    ///     without it is kept in memory only.
    public init(
        host: any FlowHost, owner: AnyObject? = nil, transcript: (@MainActor () -> [String])? = nil,
        page: @escaping @MainActor (any Screen) -> WebScreen, ended: @escaping @MainActor () -> WebScreen,
        saving: (@MainActor () throws -> Data)? = nil
    ) {
        self.host = host
        self.owner = owner
        self.transcript = transcript
        self.page = page
        self.ended = ended
        self.saving = saving
        self.formToken = Token.make()
        host.addObserver(watcher)
        driver = NavigationDriver(model: host, platform: platform)
        platform.driver = driver
    }

    /// The visit is over: its flows still running end, cancelled (a running flow keeps its host,
    /// so they would otherwise never be released), and the pages stop following the host.
    func end() {
        driver.stop()
        host.removeObserver(watcher)
        host.flows.endAll()
    }

    /// The model's events since the visit began, earlier processes' included, when the app lets
    /// the site show them.
    public var transcriptLines: [String]? { transcript.map { earlierTranscript + $0() } }

    // MARK: Saving

    /// What changes whenever anything a saved visit holds changes: every action and move counts
    /// a revision, and the notice is set or shown. Cheaper to compare than the saved bytes.
    struct Mark: Equatable {
        var revision: Int
        var notice: String?
        var drafts: [String: SavedVisit.Draft]
    }

    /// The visit's mark now.
    var mark: Mark { Mark(revision: revision, notice: notice, drafts: drafts) }

    /// The visit saved whole, for a ``SessionStore``.
    ///
    /// - Throws: what the app's `saving` throws, or ``SavedVisit/Unreadable`` for a visit made
    ///   without `saving`.
    public func save() throws -> SavedVisit {
        guard let saving else { throw SavedVisit.Unreadable(reason: "the app made this visit without a way to save it") }
        var endedPage: SavedVisit.EndedPage?
        if host.hierarchy.root == nil {
            let page = ended()
            endedPage = SavedVisit.EndedPage(title: page.title, content: page.content.markup, startAgain: page.startAgain, redirect: page.redirect)
        }
        return SavedVisit(
            app: try saving(), pages: platform.savedPages(), formToken: formToken, revision: revision, notice: notice, drafts: drafts,
            transcript: transcriptLines, ended: endedPage)
    }

    /// A visit whose run had ended, made again from the page it showed then: what brings a
    /// finished session back when the app's own restore does not make a run that has ended.
    static func ended(_ saved: SavedVisit, page: SavedVisit.EndedPage) -> WebVisit {
        let app = saved.app
        return WebVisit(
            host: InMemoryHost(), page: { WebScreen(title: $0.displayName) },
            ended: {
                WebScreen(title: page.title, content: HTML(trusted: page.content), startAgain: page.startAgain, redirect: page.redirect)
            },
            saving: { app })
    }

    /// Takes up a saved visit on a visit the app just restored from the saved app state: the
    /// pages keep their numbers, the forms their token and revision, the notice and the transcript
    /// carry on.
    ///
    /// - Throws: ``SavedVisit/Mismatch`` when the restored app does not show what the pages name;
    ///   the visit is then not to be used.
    public func resume(from saved: SavedVisit) throws {
        try platform.adopt(saved.pages)
        formToken = saved.formToken
        revision = saved.revision
        notice = saved.notice
        drafts = saved.drafts ?? [:]
        earlierTranscript = saved.transcript ?? []
    }

    /// The key of a form's draft: the number of its screen's page and the action's name.
    static func draftKey(screen number: some CustomStringConvertible, action: String) -> String { "\(number) \(action)" }

    /// The step a screen stands for in the run, kept when the screen is made again: its type and
    /// how many Back steps lead from it to the first page. What the person typed on a step comes
    /// back when they return to it after Back and forward again, as a wizard's step keeps its data.
    static func step(of screen: ScreenRef, depth: Int) -> String { "\(screen.type.name)@\(depth)" }

    /// The key of what was last posted in an action's form on a step, whichever screen shows it:
    /// `step:Card@1 pay`.
    static func stepDraftKey(step: String, action: String) -> String { "step:\(step) \(action)" }

    /// The address of a screen's page, while the pages show it: `/p/7`.
    public func address(of screen: NodeRef) -> String? { platform.number(of: screen).map { "/p/\($0)" } }

    /// The address of the page the person sees: the visible screen's, or `/` once the app shows
    /// nothing.
    public var currentAddress: String {
        host.visibleScreenRef.flatMap { address(of: .screen($0)) } ?? "/"
    }

    // MARK: Requests

    /// Answers a request for a page by its number: the person's move, if it is one and `moves`
    /// allows it, then the page.
    func get(page number: Int, moves: Bool) -> WebResponse {
        guard platform.hasGiven(number) else { return FlowSite.refusal(404, \.noSuchPage, layout: layout) }
        guard let screen = platform.screen(numbered: number), moves || host.visibleScreenRef.map(NodeRef.screen) == screen else {
            return .seeOther(currentAddress)
        }
        let move = HistoryMove.decide(for: screen, in: host.hierarchy)
        switch move {
        case .stay: return WebResponse(status: 200, body: render())
        case .showCurrent: return .seeOther(currentAddress)
        case .back, .dismiss, .selectTab:
            make(move)
            return host.visibleScreenRef.map(NodeRef.screen) == screen ? WebResponse(status: 200, body: render()) : .seeOther(currentAddress)
        }
    }

    /// Answers a form posted from a page: an action of a screen on it, or closing its dialog.
    func post(page number: Int, form: WebForm) -> WebResponse {
        guard let token = form["token"], Token.same(token, formToken) else {
            return FlowSite.refusal(403, \.formNotFromSite, layout: layout)
        }
        guard let revision = form["revision"].flatMap(Int.init), let screenNumber = form["screen"].flatMap(Int.init) else {
            return FlowSite.refusal(400, \.formIncomplete, layout: layout)
        }
        guard platform.hasGiven(number), platform.hasGiven(screenNumber) else { return FlowSite.refusal(404, \.noSuchPage, layout: layout) }
        // A form from a page the session has moved on from (a second click, another tab): nothing is done.
        guard revision == self.revision, let node = platform.screen(numbered: screenNumber), let ref = node.screen, let screen = host.screen(for: ref),
            platform.screen(numbered: number) == host.visibleScreenRef.map(NodeRef.screen)
        else {
            notice = layout.words.pageOutOfDate
            return .seeOther(currentAddress)
        }
        if form["close"] != nil {
            guard case .swipeDown(let presented)? = host.user.swipeDownGesture, host.hierarchy.node(presented)?.contains(node) == true else {
                return FlowSite.refusal(400, \.noDialogToClose, layout: layout)
            }
            make(.dismiss(presented))
            return .seeOther(currentAddress)
        }
        let key = Self.draftKey(screen: screenNumber, action: form["action"] ?? "")
        let step = Self.step(of: ref, depth: backDepth)
        switch reading(form, among: webPage(for: screen).actions, of: "the action", keys: (key, Self.stepDraftKey(step: step, action: form["action"] ?? ""))) {
        case .answer(let response):
            return response
        case .run(let action, let values):
            running {
                let ran = try driver.act(from: screen) { try action.perform(values) }
                if !ran { notice = layout.words.pageOutOfDate }
            }
            return .seeOther(currentAddress)
        }
    }

    /// Answers a form posted from the page shown once the run has ended: one of the app's actions
    /// on it (``WebScreen/actions`` of the visit's `ended` page), checked and run as a screen's is.
    /// Nothing moves: the action runs the app's code, and the ended page is shown again.
    func postEnded(form: WebForm) -> WebResponse {
        guard let token = form["token"], Token.same(token, formToken) else {
            return FlowSite.refusal(403, \.formNotFromSite, layout: layout)
        }
        // A form from before the run ended, or from an ended page another request has answered since.
        guard host.hierarchy.root == nil, let revision = form["revision"].flatMap(Int.init), revision == self.revision else {
            notice = layout.words.pageOutOfDate
            return .seeOther(currentAddress)
        }
        switch reading(form, among: ended().actions, of: "the ended page's action", keys: (Self.endedDraftKey(action: form["action"] ?? ""), nil)) {
        case .answer(let response):
            return response
        case .run(let action, let values):
            running { try action.perform(values) }
            return .seeOther(currentAddress)
        }
    }

    /// What reading a posted action's form came to: the action to run with its values, or else
    /// the answer to give.
    private enum Reading {
        case run(WebAction, WebFormValues)
        case answer(WebResponse)
    }

    /// Finds the action a form names among a page's, checks it can be offered, and reads its
    /// fields. What the person typed is kept, sensitive fields aside, whether it holds or not —
    /// under the page's key with its messages, and the step's without them — so the page shows it
    /// again after a refusal, after Back and after a reload. A value that does not hold changes
    /// nothing but the form, which shows why; one that does moves the session on a revision.
    private func reading(_ form: WebForm, among actions: [WebAction], of what: String, keys: (page: String, step: String?)) -> Reading {
        guard let name = form["action"] else { return .answer(FlowSite.refusal(400, \.noAction, layout: layout)) }
        guard let action = actions.first(where: { $0.name == name }) else {
            return .answer(FlowSite.refusal(422, \.noActionOfThatName, layout: layout))
        }
        if let misnaming = action.misnaming {
            problems?(SiteProblem(.actionNotShown, misnaming))
            return .answer(FlowSite.refusal(500, \.cannotBeDoneHere, layout: layout))
        }
        if action.fields.isEmpty, form["text"] != nil {
            return .answer(FlowSite.refusal(400, saying: WebWords.fill(layout.words.takesNoText, "label", action.label), layout: layout))
        }
        let (values, errors, problem) = action.read(form, in: layout.words)
        if let problem { problems?(SiteProblem(.formNotRead, "\(what) \(name): \(problem)")) }
        let typed = action.fields.filter { !$0.isSensitive }.compactMap { field in form[field.name].map { (field.name, $0) } }
        let kept = Dictionary(typed) { first, _ in first }
        drafts[keys.page] = SavedVisit.Draft(values: kept, errors: errors)
        if let step = keys.step { drafts[step] = SavedVisit.Draft(values: kept, errors: [:]) }
        guard errors.isEmpty else { return .answer(.seeOther(currentAddress)) }
        revision += 1
        return .run(action, values)
    }

    /// Runs an action's code; what it throws is told on the next page. Then the drift check.
    private func running(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as FlowError {
            notice = WebWords.fill(layout.words.didNotWork, "message", error.message)
        } catch {
            notice = WebWords.fill(layout.words.didNotWork, "message", "\(error)")
        }
        check()
    }

    /// The key of what was last posted in an action's form on the ended page: `ended send`.
    static func endedDraftKey(action: String) -> String { "ended \(action)" }

    /// Makes a move on the pages, which the driver makes on the model; a refusal is told on the
    /// next page.
    private func make(_ move: HistoryMove) {
        revision += 1
        watcher.refusal = nil
        platform.make(move)
        if let reason = watcher.refusal { notice = WebWords.fill(layout.words.cannotGoThere, "reason", reason) }
        check()
    }

    /// After every change: the forms of pages gone are forgotten, and the drift check — the pages
    /// show what the model holds, with nothing waiting.
    private func check() {
        forgetDraftsOfPagesGone()
        guard !driver.isCaughtUp || platform.hierarchy != host.hierarchy else { return }
        watcher.drifts.append(
            "after revision \(revision): the pages show \(platform.hierarchy.root.map { "\($0.ref)" } ?? "nothing"), the model \(host.hierarchy.root.map { "\($0.ref)" } ?? "nothing")"
        )
    }
}

extension WebVisit {
    /// Lets go of what was typed in the forms of pages no longer shown: their screens are gone,
    /// and their numbers are not given again.
    fileprivate func forgetDraftsOfPagesGone() {
        // A step's drafts last until the run ends; a page's, while its page is shown.
        let runs = host.hierarchy.root != nil
        drafts = drafts.filter { key, _ in
            if key.hasPrefix("step:") { return runs }
            // The ended page's, while the run stays ended.
            if key.hasPrefix("ended ") { return !runs }
            return Int(key.prefix { $0 != " " }).map { platform.screen(numbered: $0) != nil } ?? false
        }
    }
}

/// Notes the reason of a gesture the model refuses, and every drift the driver reports.
@MainActor
private final class RefusalWatcher: FlowObserver {
    var refusal: String?
    var drifts: [String] = []

    func receive(_ event: FlowEvent) {
        if case .gestureRefused(_, let reason) = event.change { refusal = reason }
        if let drift = event.change.payload(as: HostDrift.self) { drifts.append("\(drift)") }
    }
}

extension HierarchyNode {
    /// Whether this node is, holds or presents the node a reference names.
    func contains(_ ref: NodeRef) -> Bool { first { $0.ref == ref } != nil }
}
