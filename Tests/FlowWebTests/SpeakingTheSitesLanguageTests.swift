import FlowKernel
import FlowStage
import FlowWeb
import FlowWebTesting
import Testing

// The code of FlowWeb's "Speaking the site's language", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and run.

@MainActor
@Suite("Speaking the site's language")
struct SpeakingTheSitesLanguageTests {
    static let portuguese: WebWords = {
        var words = WebWords.english
        words.required = "{label} é obrigatório."
        words.mustBeEmail = "{label} tem de ser um endereço de email."
        words.pageOutOfDate = "Essa página estava desatualizada, por isso nada foi feito."
        words.didNotWork = "Não resultou: {message}"
        words.startAgain = "Recomeçar"
        words.noSuchPage = "Essa página não existe."
        return words
    }()

    /// A site whose one page asks for an email address.
    static func site() -> FlowSite {
        FlowSite {
            let host = InMemoryHost()
            try host.setRoot(.screen(SignUpPage()))
            let join = WebAction("join", label: "Entrar", fields: [.init("email", label: "Email", kind: .email)]) { _ in }
            return WebVisit(host: host, owner: host, page: { _ in WebScreen(title: "Registo", actions: [join]) }, ended: { WebScreen(title: "Fim") })
        }
    }

    @Test func aSiteInOneLanguageSaysFlowWebsWordsInIt() {
        let site = Self.site()
        let portuguese = Self.portuguese
        site.layout = WebLayout(language: "pt", words: portuguese)
        var visitor = SiteVisitor(site)
        visitor.get("/")

        visitor.act("join", fields: [:])

        #expect(visitor.error(ofField: "email") == "Email é obrigatório.")
        #expect(visitor.page.contains("<html lang=\"pt\">"))
        visitor.get("/p/99")
        #expect(visitor.title == "Essa página não existe.")
    }

    @Test func aSiteInTwoLanguagesServesEachPersonTheOneTheirBrowserPrefers() {
        let site = Self.site()
        let portuguese = Self.portuguese
        site.layout = WebLayout(language: "en")
        site.alternativeLayouts = [WebLayout(language: "pt", words: portuguese)]

        let pt = site.respond(to: WebRequest(.get, "/nowhere", acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8"))
        let en = site.respond(to: WebRequest(.get, "/nowhere", acceptLanguage: "en-GB"))

        #expect(pt.body.contains("Essa página não existe."))
        #expect(en.body.contains("There is no such page."))
    }
}
