/// The app's own look around the pages FlowWeb renders: what goes in every page's `<head>`, a
/// header before the screens and a footer after them.
///
/// FlowWeb renders the screens, their forms, the back link, the tab bars and the dialogs as plain
/// semantic markup with classes to style (`main`, `dialog.sheet`, `nav.tabs`, `a.back`,
/// `form.action`, `div.field`, `p.error`, `span.optional`, `p.notice`); a layout puts the app's stylesheet and
/// brand around them. ``standard`` is FlowWeb's own plain look.
///
/// ```swift
/// site.layout = WebLayout(
///     head: #"<link rel="stylesheet" href="/static/app.css">"#,
///     header: #"<header class="brand"><a href="/">Onboarding</a></header>"#,
///     footer: "<footer>© Example</footer>",
///     includesStandardStyle: false)
/// ```
///
/// A page's title, its `data-` attributes and its one script stay FlowWeb's: the script is what
/// keeps the browser's history in step with the model. The site's content security policy allows
/// stylesheets, scripts and images from the site itself (``FlowSite/staticFiles``) and inline
/// styles, not from elsewhere.
public struct WebLayout: Sendable, Hashable {
    /// The page's language, as `<html lang>` says it.
    public var language: String
    /// The words FlowWeb itself writes on the pages, in ``language``.
    public var words: WebWords
    /// Markup added to every page's `<head>` after its title: stylesheets, icons, meta tags.
    public var head: HTML
    /// Markup before the screens, at the top of `<body>`.
    public var header: HTML
    /// Markup after the screens, at the end of `<body>`.
    public var footer: HTML
    /// Whether pages carry FlowWeb's own small stylesheet, under the app's `head`.
    public var includesStandardStyle: Bool

    /// Makes a layout.
    ///
    /// - Parameters:
    ///   - language: The pages' language.
    ///   - head: Markup for every page's `<head>`.
    ///   - header: Markup before the screens.
    ///   - footer: Markup after the screens.
    ///   - includesStandardStyle: Whether pages keep FlowWeb's own stylesheet too.
    ///   - words: The words FlowWeb itself writes, in the pages' language.
    public init(
        language: String = "en", head: HTML = .empty, header: HTML = .empty, footer: HTML = .empty, includesStandardStyle: Bool = true,
        words: WebWords = .english
    ) {
        self.language = language
        self.words = words
        self.head = head
        self.header = header
        self.footer = footer
        self.includesStandardStyle = includesStandardStyle
    }

    /// FlowWeb's own look: plain, readable, no framework.
    public static let standard = WebLayout()

    /// A whole page: the layout around a body, with the title and the attributes and script FlowWeb
    /// gives its pages.
    func document(title: String, bodyAttributes: HTML = .empty, body: HTML, script: HTML = .empty) -> String {
        let style: HTML = includesStandardStyle ? "<style>\(Self.style)</style>" : .empty
        let scripted: HTML = script == .empty ? .empty : "\n<script>\(script)</script>"
        let document: HTML = """
            <!doctype html>
            <html lang="\(language)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(title)</title>\(style)\(head)</head>
            <body\(bodyAttributes)>
            \(header)\(body)\(footer)\(scripted)
            </body></html>
            """
        return document.markup
    }

    /// FlowWeb's stylesheet.
    static let style: HTML = """
        body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1c1c1e}\
        main,dialog{max-width:34rem;margin:1.5rem auto;padding:1rem 1.5rem;background:#fff;border-radius:12px}\
        dialog{border:0;box-shadow:0 8px 40px #0004;width:min(30rem,90vw)}dialog::backdrop{background:#0005}\
        main[inert]{opacity:.45}h1{font-size:1.4rem;margin:.2rem 0 .8rem}\
        .back{text-decoration:none;color:#0a60d0}.notice{max-width:34rem;margin:1rem auto;padding:.6rem 1rem;background:#fff6d8;border-radius:8px}\
        .tabs ul{display:flex;gap:.5rem;list-style:none;padding:0;margin:0 0 1rem}.tabs a,.tabs span{padding:.3rem .8rem;border-radius:8px;text-decoration:none}\
        .tabs a[aria-current]{background:#0a60d0;color:#fff}form.action{margin:.4rem 0}button{font:inherit;padding:.35rem .9rem}\
        .field{margin:.3rem 0 .6rem}.field label{display:block;font-weight:600}.field.check label{display:inline;font-weight:400}\
        .field input:not([type=checkbox]),.field select{font:inherit;padding:.3rem .5rem;width:min(100%,22rem);box-sizing:border-box}\
        .field [aria-invalid=true]{border:2px solid #c0182a}.optional{font-weight:400;color:#666}.error{color:#c0182a;margin:.1rem 0;font-weight:600}\
        form.close{float:right}section section{border-top:1px solid #ddd;margin-top:1rem}
        """
}
