import FlowKernel
import FlowRuntime
import FlowStage
import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// FlowWeb's own words, in a site's language: every page a person can reach — field messages, a
/// form that cannot be read, a page out of date, a refused step, a failed action, the ended page,
/// the refusals, the store's pages — carries none of FlowWeb's English.
@MainActor
@Suite("A site in another language")
struct SiteLanguageTests {
    /// FlowWeb's words in Portuguese, every one of them.
    static let portuguese: WebWords = {
        var words = WebWords()
        words.required = "{label} é obrigatório."
        words.mustBeTicked = "{label} tem de ser marcado."
        words.mustBeEmail = "{label} tem de ser um endereço de email, como nome@exemplo.pt."
        words.mustBeNumber = "{label} tem de ser um número."
        words.mustBeWholeNumber = "{label} tem de ser um número inteiro."
        words.chooseAnOption = "Escolha uma das opções de {label}."
        words.mustBeAnOption = "{label} tem de ser uma das opções."
        words.tickedTakesNoText = "{label} marca-se ou não; não leva texto."
        words.mustBeFilledIn = "{label} tem de ser preenchido."
        words.mustBeSingleValue = "{label} leva um só valor."
        words.formNotRead = "Não foi possível ler este formulário, por isso nada foi feito."
        words.formNotTaken = "Este formulário não pode ser aceite como está."
        words.pageOutOfDate = "Essa página estava desatualizada, por isso nada foi feito. Está aqui."
        words.didNotWork = "Não resultou: {message}"
        words.cannotGoThere = "Agora não pode ir para lá: {reason}"
        words.startAgain = "Recomeçar"
        words.close = "Fechar"
        words.optional = "(opcional)"
        words.choose = "Escolha…"
        words.partNotShown = "Não foi possível mostrar esta parte da página."
        words.backToWhereYouWere = "Voltar para onde estava"
        words.methodNotAllowed = "O site responde só a GET, HEAD e POST."
        words.formTooLong = "O formulário é demasiado longo."
        words.noSession = "Não há sessão."
        words.noSessionForForm = "Não há sessão para este formulário; pode ter terminado."
        words.noSessionToRestart = "Não há sessão para recomeçar."
        words.formUnreadable = "Não foi possível ler o formulário."
        words.formNotFromSite = "O formulário não veio de uma página deste site."
        words.formIncomplete = "Falta ao formulário o que precisa."
        words.noSuchPage = "Essa página não existe."
        words.noDialogToClose = "Não há janela para fechar aí."
        words.noAction = "O formulário não diz que ação."
        words.noActionOfThatName = "Esta página não tem uma ação com esse nome."
        words.cannotBeDoneHere = "Isto não pode ser feito aqui."
        words.takesNoText = "{label} não leva texto."
        words.appCouldNotStart = "Não foi possível iniciar a aplicação."
        words.notSaved = "O site não conseguiu guardar o que fez, por isso não ficou. Tente de novo."
        words.sessionNotSaved = "A aplicação não conseguiu guardar a sessão."
        words.sessionNotStarted = "Não foi possível iniciar a sessão; tente de novo."
        words.sessionNotReadAgain = "Não foi possível voltar a ler a sessão."
        words.unavailableTitle = "Tente de novo daqui a pouco"
        words.unavailableExplanation = "O site não chegou ao sítio onde guarda a sua sessão, por isso nada foi feito."
        words.tryAgain = "Tentar de novo"
        words.setAside = SetAsidePage(
            title: "Não foi possível continuar a sua sessão", explanation: "O que tinha feito não pôde ser lido, por isso foi posto de parte.",
            startAgain: "Recomeçar")
        return words
    }()

    static let layout = WebLayout(language: "pt", words: portuguese)

    /// The fixed parts of every English phrase of FlowWeb's, long enough to tell: what no page of
    /// the Portuguese site may hold.
    static let englishParts: [String] = {
        var phrases = Mirror(reflecting: WebWords.english).children.compactMap { $0.value as? String }
        phrases += [WebWords.english.setAside.title, WebWords.english.setAside.explanation, WebWords.english.setAside.startAgain]
        var parts: [String] = []
        for phrase in phrases {
            for piece in phrase.split(separator: "{") {
                let fixed = String(piece.split(separator: "}", omittingEmptySubsequences: false).last ?? "")
                let trimmed = fixed.trimmingCharacters(in: .whitespaces)
                if trimmed.count >= 4 { parts.append(trimmed) }
            }
        }
        return parts
    }()

    /// The English of FlowWeb's a page holds, read as a browser shows it.
    static func english(in page: String) -> [String] {
        let shown = page.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return englishParts.filter { shown.contains($0) }
    }

    @Test func everyPhraseIsReplaced() {
        let english = Mirror(reflecting: WebWords.english).children
        let said = Mirror(reflecting: Self.portuguese).children
        for (phrase, word) in zip(english, said) where "\(phrase.value)" == "\(word.value)" {
            Issue.record("\(phrase.label ?? "") is still FlowWeb's English")
        }
        #expect(Self.englishParts.contains("is required."))
        #expect(Self.englishParts.contains("Back to where you were"))
    }

    /// A form of every kind of field, an action that fails, one whose form does not make its
    /// type, and an ended page with FlowWeb's own start-again button.
    static func formSite() -> FlowSite {
        struct Wants: Decodable { var nowhere: String }
        let fields: [WebAction.Field] = [
            .init("nome", label: "Nome"), .init("email", label: "Email", kind: .email), .init("idade", label: "Idade", kind: .number, isRequired: false),
            .init("plano", label: "Plano", kind: .choice([.init("livre", "Livre"), .init("pro", "Pro")])),
            .init("termos", label: "Termos", kind: .checkbox),
        ]
        let actions = [
            WebAction("entrar", label: "Entrar", fields: fields) { _ in },
            WebAction("falhar", label: "Falhar") { _ in throw FlowError(.hostRejected, "o servidor disse que não") },
            WebAction("ler", label: "Ler", fields: [.init("onde", label: "Onde")], as: Wants.self) { _ in },
        ]
        let site = FlowSite {
            let host = InMemoryHost()
            let screen = SignUpPage()
            try host.setRoot(.screen(screen))
            return WebVisit(
                host: host, owner: host,
                page: { _ in
                    WebScreen(title: "Registo", actions: actions + [WebAction("acabar", label: "Acabar") { _ in try host.setRoot(nil) }])
                }, ended: { WebScreen(title: "Terminado") })
        }
        site.layout = layout
        return site
    }

    @Test func theFormsMessagesNoticesAndTheEndedPageAreInTheSitesWords() {
        var visitor = SiteVisitor(Self.formSite())
        var pages: [String] = []
        visitor.get("/")
        pages.append(visitor.page)
        #expect(visitor.page.contains("<html lang=\"pt\">"))
        #expect(visitor.page.contains("(opcional)") && visitor.page.contains("Escolha…"))

        visitor.act("entrar", fields: [:])
        pages.append(visitor.page)
        #expect(visitor.error(ofField: "nome") == "Nome é obrigatório.")
        #expect(visitor.error(ofField: "termos") == "Termos tem de ser marcado.")

        visitor.act("entrar", fields: ["nome": "Ana", "email": "ana", "idade": "muitos", "plano": "ouro", "termos": "sim"])
        pages.append(visitor.page)
        #expect(visitor.error(ofField: "email") == "Email tem de ser um endereço de email, como nome@exemplo.pt.")
        #expect(visitor.error(ofField: "idade") == "Idade tem de ser um número.")
        #expect(visitor.error(ofField: "plano") == "Escolha uma das opções de Plano.")
        #expect(visitor.error(ofField: "termos") == "Termos marca-se ou não; não leva texto.")

        visitor.act("ler", fields: ["onde": "aqui"])
        pages.append(visitor.page)
        #expect(visitor.page.contains("Não foi possível ler este formulário, por isso nada foi feito."))

        visitor.act("falhar")
        pages.append(visitor.page)
        #expect(visitor.notice == "Não resultou: o servidor disse que não")

        // A form of a page the person moved on from.
        let old = visitor.hidden
        visitor.act("entrar", fields: ["nome": "Ana", "email": "ana@example.com", "plano": "pro", "termos": "on"])
        visitor.post(old.merging(["action": "falhar"]) { $1 })
        pages.append(visitor.page)
        #expect(visitor.notice == "Essa página estava desatualizada, por isso nada foi feito. Está aqui.")

        visitor.act("acabar")
        pages.append(visitor.page)
        #expect(visitor.page.contains("<button>Recomeçar</button>"))

        for page in pages { #expect(Self.english(in: page).isEmpty, "\(Self.english(in: page))") }
    }

    @Test func aStepAGuardRefusesIsToldInTheSitesWords() {
        let site = ShopWeb.site(.chain)
        site.layout.language = "pt"
        site.layout.words = Self.portuguese
        var visitor = FlowSiteTests.signedIn(.chain, site: site)
        visitor.act("shoes")
        let product = visitor.address
        for action in ["add", "cart", "checkout", "pay"] { visitor.act(action) }

        visitor.get(product)

        #expect(visitor.notice?.hasPrefix("Agora não pode ir para lá: ") == true, "\(visitor.notice ?? "no notice")")
        #expect(Self.english(in: visitor.page).isEmpty, "\(Self.english(in: visitor.page))")
    }

    @Test func everyRefusalIsInTheSitesWords() {
        let site = Self.formSite()
        var visitor = SiteVisitor(site)
        visitor.get("/")
        let token = visitor.token
        let requests: [(WebRequest, Int)] = [
            (WebRequest(nil, "/", sessionToken: token), 405),
            (WebRequest(.post, "/p/1", body: String(repeating: "a", count: 20_000), sessionToken: token), 413),
            (WebRequest(.get, "/p/999", sessionToken: token), 404),
            (WebRequest(.get, "/somewhere", sessionToken: token), 404),
            (WebRequest(.post, "/p/1", body: "action=entrar"), 403),
            (WebRequest(.post, "/restart", body: "token=x"), 403),
            (WebRequest(.post, "/restart", body: "token=x", sessionToken: token), 403),
            (WebRequest(.post, "/p/1", body: "token=%zz", sessionToken: token), 400),
            (WebRequest(.post, "/p/1", body: Self.formBody(visitor.hidden.merging(["action": "voar"]) { $1 }), sessionToken: token), 422),
        ]
        for (request, status) in requests {
            let response = site.respond(to: request)
            #expect(response.status == status, "\(request.path): \(response.status)")
            #expect(response.body.contains("<html lang=\"pt\">"), "\(request.path)")
            #expect(response.body.contains("Voltar para onde estava"), "\(request.path)")
            #expect(Self.english(in: response.body).isEmpty, "\(request.path): \(Self.english(in: response.body))")
        }
    }

    /// A form's body, as a browser encodes it.
    static func formBody(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
    }

    @Test func theStoresPagesAreInTheSitesWords() async {
        let store = MemorySessionStore()
        let site = ShopWeb.site(.stack, store: store)
        site.layout.language = "pt"
        site.layout.words = Self.portuguese
        var visitor = SiteVisitor(site)
        await visitor.get("/", through: [site])
        await store.setAvailable(false)

        let unavailable = await site.respond(to: WebRequest(.get, visitor.address, sessionToken: visitor.token))

        #expect(unavailable.status == 503)
        #expect(unavailable.body.contains("Tente de novo daqui a pouco"))
        #expect(Self.english(in: unavailable.body).isEmpty, "\(Self.english(in: unavailable.body))")

        await store.setAvailable(true)
        if let token = visitor.token { await store.corrupt(SessionKey(token: token), with: [1, 2, 3]) }
        let other = ShopWeb.site(.stack, store: store)
        other.layout = site.layout
        let setAside = await other.respond(to: WebRequest(.get, visitor.address, sessionToken: visitor.token))

        #expect(setAside.status == 409)
        #expect(setAside.body.contains("Não foi possível continuar a sua sessão"))
        #expect(Self.english(in: setAside.body).isEmpty, "\(Self.english(in: setAside.body))")
    }

    @Test func aSessionStartsInTheLanguageTheBrowserPrefersAndKeepsIt() {
        let site = Self.formSite()
        site.layout = WebLayout(language: "en")
        site.alternativeLayouts = [Self.layout]

        let portuguese = site.respond(to: WebRequest(.get, "/", acceptLanguage: "de;q=0.9, pt-BR, en;q=0.5"))
        let token = portuguese.setCookie.flatMap { $0.split(separator: ";").first?.split(separator: "=").last.map(String.init) }
        let page = site.respond(to: WebRequest(.get, portuguese.location ?? "/", sessionToken: token))
        #expect(page.body.contains("<html lang=\"pt\">") && page.body.contains("(opcional)"))
        // The session keeps its language, whatever a later request asks for.
        let later = site.respond(to: WebRequest(.get, "/p/999", sessionToken: token, acceptLanguage: "en"))
        #expect(later.body.contains("Essa página não existe."))

        let english = site.respond(to: WebRequest(.get, "/nowhere", acceptLanguage: "fr, en-GB;q=0.8"))
        #expect(english.body.contains("<html lang=\"en\">") && english.body.contains("There is no such page."))
        let unasked = site.respond(to: WebRequest(.get, "/nowhere"))
        #expect(unasked.body.contains("There is no such page."))
    }

    @Test(
        "Accept-Language is read by weight, then in the order written",
        arguments: [
            ("pt-BR,pt;q=0.9,en;q=0.8", ["pt-br", "pt", "en"]),
            ("en;q=0.5, de", ["de", "en"]),
            ("fr;q=0, *;q=0.1, it", ["it"]),
            (" ES ; q=0.7 , ca ; q=0.7 ", ["es", "ca"]),
        ])
    func preferredLanguages(_ header: String, _ languages: [String]) {
        #expect(WebRequest(.get, "/", acceptLanguage: header).preferredLanguages == languages)
    }
}
