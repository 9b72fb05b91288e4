import BenchmarkShop
import FlowWeb

/// FlowWeb's pages, answered in process: what a server does for a request, without the network.
@MainActor
enum Web {
    /// A reload of the page a session shows, from the sessions the site holds in memory: the
    /// server's read path without a store, the memory case of `web-reload.py`.
    static func reloadFromMemory() -> (Int) -> Void {
        let site = ShopWeb.site(.stack)
        let first = site.respond(to: WebRequest(.get, "/"))
        let token = first.setCookie.flatMap { $0.split(separator: ";").first?.split(separator: "=").last.map(String.init) }
        let start = site.respond(to: WebRequest(.get, first.location ?? "/", sessionToken: token))
        let address = start.status == 200 ? first.location ?? "/" : start.location ?? "/"
        return { n in
            for _ in 0..<n { consume(site.respond(to: WebRequest(.get, address, sessionToken: token))) }
        }
    }
}
