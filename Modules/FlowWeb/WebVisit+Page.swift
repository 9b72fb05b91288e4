import FlowKernel
import FlowPlatform
import FlowRuntime

extension WebVisit {
    /// The page the person sees: the screen the model shows with what is around it — the stack's
    /// back link, the tab bars, the page below a dialog — and its actions as forms.
    func render() -> String {
        pagesBeingRendered = [:]
        defer { pagesBeingRendered = nil }
        let hierarchy = host.hierarchy
        var body: [HTML] = []
        if let notice {
            body.append("<p class=\"notice\" role=\"status\">\(notice)</p>")
            self.notice = nil
        }
        let layers = Self.layers(of: hierarchy)
        let title: String
        if layers.isEmpty {
            let screen = ended()
            title = screen.title
            let startAgain: HTML =
                screen.startAgain.map { label in
                    // FlowWeb's own default is said in the site's words; the app's own label as it is.
                    let said = label == WebScreen.startAgainDefault ? layout.words.startAgain : label
                    return """
                        <form method="post" action="/restart"><input type="hidden" name="token" value="\(formToken)">\
                        <button>\(said)</button></form>
                        """
                } ?? .empty
            // The app's own actions on the ended page, posted to it: what the person can do once
            // the run is over besides starting again.
            let hidden: HTML =
                "<input type=\"hidden\" name=\"token\" value=\"\(formToken)\"><input type=\"hidden\" name=\"revision\" value=\"\(revision)\">"
            let actions: [HTML] = screen.actions.enumerated().map { index, action in
                render(
                    action: action, id: "ended-\(index)", step: "ended", draft: drafts[Self.endedDraftKey(action: action.name)], hidden: hidden,
                    posts: "method=\"post\" action=\"/\"")
            }
            body.append("<main><h1>\(screen.title)</h1>\(screen.content)\(actions)\(startAgain)</main>")
        } else {
            title = layers.last.flatMap { $0.visibleScreen }.map { page(forRef: $0).title } ?? ""
            for (index, layer) in layers.enumerated() {
                body.append(render(layer: layer, isTop: index == layers.count - 1, isDialog: index > 0))
            }
        }
        return layout.document(
            title: title,
            bodyAttributes: " data-page=\"\(currentAddress)\" data-revision=\"\(revision)\" data-depth=\"\(Self.backDepth(of: layers))\"",
            body: "\(body)", script: Self.script)
    }

    /// One layer: the root's, or a presentation's, with its tab bars, back link and screen.
    private func render(layer: HierarchyNode, isTop: Bool, isDialog: Bool) -> HTML {
        var parts: [HTML] = []
        var node: HierarchyNode? = layer
        var back: HTML = .empty
        // Down the visible path: a tab bar for each tab group, a back link for the innermost stack.
        while let current = node {
            switch current.kind {
            case .screen:
                node = nil
            case .stack:
                if isTop, current.children.count > 1, let below = current.children[current.children.count - 2].visibleScreen,
                    case .back(let entry, let stack)? = host.user.backGesture, entry == current.children[current.children.count - 2].ref,
                    driver.wouldAllow(.back(to: entry, in: stack)), let address = address(of: .screen(below))
                {
                    back = "<a class=\"back\" rel=\"prev\" href=\"\(address)\">‹ \(page(forRef: below).title)</a>"
                }
                node = current.visibleChildren.first
            case .tabs(_, let items, let selected):
                let tabs: [HTML] = items.enumerated().map { index, item in
                    let address =
                        current.children.indices.contains(index) ? current.children[index].visibleScreen.flatMap { self.address(of: NodeRef.screen($0)) } : nil
                    if index == selected { return "<li><a aria-current=\"page\">\(item.title)</a></li>" }
                    guard let address, isTop else { return "<li><span>\(item.title)</span></li>" }
                    return "<li><a href=\"\(address)\">\(item.title)</a></li>"
                }
                parts.append("<nav class=\"tabs\"><ul>\(tabs)</ul></nav>")
                node = current.visibleChildren.first
            }
        }
        guard let screenRef = layer.visibleScreen, let screenNode = layer.first(where: { $0.ref == .screen(screenRef) }) else {
            return "<main>\(parts)</main>"
        }
        let screen = render(screen: screenNode, isTop: isTop, isDialog: isDialog)
        let inert: HTML = isTop ? .empty : " inert"
        if isDialog, host.screen(for: screenRef) is any AlertScreen {
            // An alert is a dialog that asks: read by its title and message, answered only with
            // its buttons (Escape chooses its cancel button).
            return
                "<dialog open class=\"alert\" role=\"alertdialog\" aria-labelledby=\"alert-title\" aria-describedby=\"alert-message\"\(inert)>\(screen)</dialog>"
        }
        if isDialog {
            return "<dialog open class=\"sheet\"\(inert)>\(back)\(parts)\(screen)</dialog>"
        }
        return "<main\(inert)>\(back)\(parts)\(screen)</main>"
    }

    /// A screen: its title, content and actions, with the screens it contains after it.
    private func render(screen node: HierarchyNode, isTop: Bool, isDialog: Bool) -> HTML {
        guard let ref = node.screen else { return .empty }
        let screen = page(forRef: ref)
        var parts: [HTML] = []
        let number = platform.number(of: node.ref).map(String.init) ?? ""
        let hidden: HTML =
            "<input type=\"hidden\" name=\"token\" value=\"\(formToken)\"><input type=\"hidden\" name=\"revision\" value=\"\(revision)\"><input type=\"hidden\" name=\"screen\" value=\"\(number)\">"
        let posts: HTML = "method=\"post\" action=\"\(currentAddress)\""
        if isDialog, isTop, case .swipeDown(let presented)? = host.user.swipeDownGesture, driver.wouldAllow(.swipeDown(presented)) {
            parts.append(
                "<form class=\"close\" id=\"close\" \(posts)>\(hidden)<input type=\"hidden\" name=\"close\" value=\"1\"><button aria-label=\"\(layout.words.close)\">✕</button></form>"
            )
        }
        let alert = host.screen(for: ref) as? any AlertScreen
        parts.append(alert == nil ? "<h1>\(screen.title)</h1>\(screen.content)" : "<h1 id=\"alert-title\">\(screen.title)</h1>\(screen.content)")
        if isTop {
            let step = Self.step(of: ref, depth: backDepth)
            for (index, action) in screen.actions.enumerated() {
                // What was posted on this page, or else on this step before Back made it again.
                let draft =
                    drafts[Self.draftKey(screen: number, action: action.name)]
                    ?? drafts[Self.stepDraftKey(step: step, action: action.name)].map { SavedVisit.Draft(values: $0.values, errors: [:]) }
                // An alert's cancel button is what Escape chooses: the page's script submits the
                // form named `close`.
                let isCancel = alert?.alert.cancelButton?.title == action.name
                parts.append(
                    render(action: action, id: "f\(number)-\(index)", formID: isCancel ? "close" : nil, step: step, draft: draft, hidden: hidden, posts: posts))
            }
        }
        for child in node.children {
            guard let ref = child.visibleScreen, let contained = child.first(where: { $0.ref == .screen(ref) }) else { continue }
            parts.append(render(screen: contained, isTop: isTop, isDialog: false))
        }
        return "<section data-screen=\"\(number)\">\(parts)</section>"
    }

    /// An action's form: its fields, each with its label bound to it, the value the person last
    /// posted (or the field's own), and the message of a value that did not hold beside it.
    ///
    /// A form with fields is checked by the site, not the browser (`novalidate`), so that every
    /// message a person meets is one the page shows beside its field, in every browser and
    /// without script.
    private func render(action: WebAction, id: String, formID: String? = nil, step: String, draft: SavedVisit.Draft?, hidden: HTML, posts: HTML) -> HTML {
        // A form whose fields would be read as the page's own cannot be offered; the developer
        // hears which field it is, the person only that this part is missing.
        if let misnaming = action.misnaming {
            problems?(SiteProblem(.actionNotShown, misnaming))
            return "<p class=\"error\" role=\"alert\">\(layout.words.partNotShown)</p>"
        }
        var fields: [HTML] = []
        var focused = false
        for (index, field) in action.fields.enumerated() {
            let fieldID = "\(id)-\(index)"
            let error = draft?.errors[field.name]
            let value = field.isSensitive ? "" : draft.map { $0.values[field.name] ?? "" } ?? field.value
            var attributes: HTML = " id=\"\(fieldID)\" name=\"\(field.name)\""
            if field.isRequired { attributes = "\(attributes) required" }
            if let autocomplete = field.autocomplete { attributes = "\(attributes) autocomplete=\"\(autocomplete)\"" }
            // The page's script keeps no sensitive field in the browser's session storage.
            if field.isSensitive { attributes = "\(attributes) data-sensitive" }
            if error != nil {
                attributes = "\(attributes) aria-invalid=\"true\" aria-describedby=\"\(fieldID)-error\"\(focused ? "" : " autofocus")"
                focused = true
            }
            let message: HTML = error.map { "<p class=\"error\" id=\"\(fieldID)-error\">\($0)</p>" } ?? .empty
            let optional: HTML = field.isRequired || field.kind == .checkbox ? .empty : " <span class=\"optional\">\(layout.words.optional)</span>"
            let label: HTML = "<label for=\"\(fieldID)\">\(field.label)\(optional)</label>"
            switch field.kind {
            case .checkbox:
                let checked: HTML = value == "on" ? " checked" : .empty
                fields.append("<div class=\"field check\"><input type=\"checkbox\" value=\"on\"\(attributes)\(checked)> \(label)\(message)</div>")
            case .choice(let choices):
                let options: [HTML] =
                    (value.isEmpty || !choices.contains { $0.value == value } ? ["<option value=\"\">\(layout.words.choose)</option>"] : [])
                    + choices.map { "<option value=\"\($0.value)\"\($0.value == value ? " selected" : "" as HTML)>\($0.label)</option>" }
                fields.append("<div class=\"field\">\(label)\(message)<select\(attributes)>\(options)</select></div>")
            case .text, .email, .number, .password:
                let placeholder: HTML = field.placeholder.map { " placeholder=\"\($0)\"" } ?? .empty
                fields.append(
                    "<div class=\"field\">\(label)\(message)<input type=\"\(field.type)\" value=\"\(value)\"\(attributes)\(placeholder)></div>")
            }
        }
        let problem: HTML = draft?.errors[""].map { "<p class=\"error\" role=\"alert\">\($0)</p>" } ?? .empty
        let checks: HTML = action.fields.isEmpty ? .empty : " novalidate"
        return
            "<form class=\"action\"\(formID.map { " id=\"\($0)\"" as HTML } ?? .empty) data-step=\"\(step)\" \(posts)\(checks)>\(hidden)<input type=\"hidden\" name=\"action\" value=\"\(action.name)\">\(fields)\(problem)<button>\(action.label)</button></form>"
    }

    /// An alert's page: its title, its message, and a button each.
    private static func page(for alert: any AlertScreen) -> WebScreen {
        let message: HTML = alert.alert.message.map { "<p id=\"alert-message\">\($0)</p>" } ?? "<p id=\"alert-message\"></p>"
        let actions = alert.alert.buttons.map { button in
            WebAction(button.title, label: button.title, field: nil) { _ in try alert.answer(button) }
        }
        return WebScreen(title: alert.alert.title, content: message, actions: actions)
    }

    /// A screen's page: an alert's is FlowWeb's own, any other the app's.
    func webPage(for screen: any Screen) -> WebScreen {
        (screen as? any AlertScreen).map(Self.page(for:)) ?? page(screen)
    }

    private func page(forRef ref: ScreenRef) -> WebScreen {
        if let made = pagesBeingRendered?[ref] { return made }
        let made = host.screen(for: ref).map(webPage(for:)) ?? WebScreen(title: ref.displayName)
        pagesBeingRendered?[ref] = made
        return made
    }

    /// How many of the person's Back steps lead from the page they see to the first page: one for
    /// each entry below the visible one in every stack on the way, and one for each dialog. Every
    /// page carries it (`data-depth`), and a form the page's script posts is answered with it.
    public var backDepth: Int { Self.backDepth(of: Self.layers(of: host.hierarchy)) }

    /// How many of the person's Back steps lead from the page they see to the first page: one for
    /// each entry below the visible one in every stack on the way, and one for each dialog. The
    /// page script keeps one history entry per step, so that the browser's Back walks what the
    /// model's Back walks.
    static func backDepth(of layers: [HierarchyNode]) -> Int {
        var depth = max(layers.count - 1, 0)
        for layer in layers {
            var node: HierarchyNode? = layer
            while let current = node {
                if case .stack = current.kind { depth += max(current.children.count - 1, 0) }
                node = current.visibleChildren.first
            }
        }
        return depth
    }

    /// The layers the person sees, bottom first: the root, then each presentation over it.
    static func layers(of hierarchy: Hierarchy) -> [HierarchyNode] {
        var layers: [HierarchyNode] = []
        var layer = hierarchy.root
        while let current = layer {
            layers.append(current)
            layer = presentation(in: current)
        }
        return layers
    }

    /// What a layer presents where the person can see it; the deepest presentation wins.
    private static func presentation(in node: HierarchyNode) -> HierarchyNode? {
        var found = node.presented
        for child in node.visibleChildren {
            if let deeper = presentation(in: child) { found = deeper }
        }
        return found
    }

    /// The one script. It keeps the browser's history one entry per step the model's Back takes,
    /// and never shows a page the model has not answered:
    /// - a page the browser restores from its back-forward cache (Chromium keeps pages there
    ///   although they are sent `no-store`) asks the site again before the person can act on it;
    /// - a form is posted in the background (``WebRequest/isScripted``), and the answer — the
    ///   page the person goes to and its depth — decides the history: a page at the same depth (an
    ///   action that stays, a refused one, a sign-in flow that finished into the catalog)
    ///   replaces the entry; a deeper page is a new entry; a page the person's Back would reach (a
    ///   dialog closed by its button) is reached by going back that many entries; a refusal's page
    ///   is shown in place;
    /// - the page's own back link goes back in the history rather than adding an entry;
    /// - an open dialog is modal, and Escape closes it with its close button;
    /// - what the person types into a form with fields and has not sent yet is kept in the tab's
    ///   session storage (passwords and sensitive fields never), by the session's form token, the
    ///   step (the screen's type and its depth in the back stack) and the action, and put back when
    ///   that step shows again — after a reload, Back to it from a page a link led to, or Back from
    ///   it and forward again — until the form is sent, when the site keeps what was sent.
    /// Without script, every form posts and answers as before: each answer is a new entry.
    static let script: HTML = """
        addEventListener('pageshow',function(e){if(e.persisted){document.documentElement.dataset.reloading='';location.reload();return;}\
        var n=window.performance&&performance.getEntriesByType&&performance.getEntriesByType('navigation')[0];\
        if(n&&n.type!=='navigate')document.querySelectorAll('[data-sensitive]').forEach(function(f){f.value='';});});\
        (function(){var d=document.querySelectorAll('dialog[open]:not([inert])');if(!d.length)return;var t=d[d.length-1];\
        t.close();t.showModal();t.addEventListener('cancel',function(e){e.preventDefault();var c=document.getElementById('close');\
        if(c)c.requestSubmit();});})();\
        document.addEventListener('submit',function(e){var f=e.target;\
        if(!window.fetch||(f.getAttribute('method')||'').toLowerCase()!=='post')return;e.preventDefault();\
        if(f.dataset.sending)return;f.dataset.sending='1';var here=+document.body.dataset.depth;\
        fetch(f.getAttribute('action'),{method:'POST',body:new URLSearchParams(new FormData(f)),credentials:'same-origin',\
        headers:{'FlowKit-Script':'1'}}).then(function(r){return r.text().then(function(t){\
        var p=t.split(' '),there=+p[0],to=p[1]||'';\
        if(!r.ok||(r.headers.get('Content-Type')||'').indexOf('text/plain')!==0||p.length!==2||isNaN(there)||to.charAt(0)!=='/'){\
        document.open();document.write(t);document.close();return;}\
        if(there>here)location.assign(to);else if(there<here&&history.length>here-there)history.go(there-here);\
        else location.replace(to);});},function(){f.submit();});});\
        document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a.back');\
        if(!a||e.button||e.metaKey||e.ctrlKey||e.shiftKey||history.length<2)return;e.preventDefault();history.back();});\
        (function(){var s;try{s=window.sessionStorage;}catch(e){}if(!s)return;\
        document.querySelectorAll('form.action[novalidate]').forEach(function(f){\
        var k='flowkit:'+f.elements.token.value+':'+(f.dataset.step||document.body.dataset.page)+':'+f.elements.action.value,v=null;\
        function kept(e){return e.name&&e.type!=='hidden'&&e.type!=='password'&&!e.hasAttribute('data-sensitive')&&e.tagName!=='BUTTON';}\
        try{v=JSON.parse(s.getItem(k)||'null');}catch(x){}\
        if(v)Array.prototype.forEach.call(f.elements,function(e){if(kept(e)&&e.name in v){if(e.type==='checkbox')e.checked=v[e.name];else e.value=v[e.name];}});\
        function keep(){var o={};Array.prototype.forEach.call(f.elements,function(e){\
        if(kept(e))o[e.name]=e.type==='checkbox'?e.checked:e.value;});try{s.setItem(k,JSON.stringify(o));}catch(x){}}\
        f.addEventListener('input',keep);f.addEventListener('change',keep);\
        f.addEventListener('submit',function(){s.removeItem(k);});});})();
        """
}
