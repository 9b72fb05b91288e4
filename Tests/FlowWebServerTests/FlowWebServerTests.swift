// The server layer needs the package's `WebServer` trait: without it this target has no tests.
// `.ci/web-test` runs them with the trait.
#if WebServer
    import FlowKernel
    import FlowStage
    import FlowWeb
    @testable import FlowWebServer
    import Hummingbird
    import HummingbirdTesting
    import InMemoryLogging
    import Logging
    import ShopApp
    import Testing

    /// FlowWebServer over real HTTP, as an app configures it.
    @Suite("FlowWebServer")
    struct FlowWebServerTests {
        /// The shop's site, served on a port the system chooses, answering `/` once.
        func firstAnswer(serverName: String?? = .none, logger: Logger? = nil) async throws -> TestResponse {
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let app =
                if let serverName {
                    FlowWebServer.application(serving: site, port: 0, serverName: serverName, logger: logger)
                } else {
                    FlowWebServer.application(serving: site, port: 0, logger: logger)
                }
            return try await app.test(.live) { client in try await client.execute(uri: "/", method: .get) }
        }

        @Test func theServerHeaderSaysFlowKitUnlessTheAppNamesItsOwnOrNone() async throws {
            #expect(try await firstAnswer().headers[.server] == "FlowKit")
            #expect(try await firstAnswer(serverName: "Acme shop").headers[.server] == "Acme shop")
            #expect(try await firstAnswer(serverName: .some(nil)).headers[.server] == nil)
        }

        @Test func theServerLogsToTheAppsLogger() async throws {
            let handler = InMemoryLogHandler()
            let logger = Logger(label: "acme.web") { _ in handler }
            let answer = try await firstAnswer(logger: logger)
            // A new visitor is sent to the first page.
            #expect(answer.status == .seeOther && answer.headers[.location] == "/p/1")
            #expect(handler.entries.contains { "\($0.message)".hasPrefix("Server started and listening on ") }, "\(handler.entries)")
        }

        @Test func aRouteOfTheAppsOwnAnswersItsPathAndTheSiteEveryOther() async throws {
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let router = FlowWebServer.router(serving: site)
            router.get("/health") { _, _ in "ok" }
            let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                try await client.execute(uri: "/health", method: .get) { response in
                    #expect(response.status == .ok && String(buffer: response.body) == "ok")
                }
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .seeOther && response.headers[.location] == "/p/1")
                }
            }
        }

        @Test func everyOtherMethodIsAnsweredWithTheMethodsTheSiteAllows() async throws {
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let router = FlowWebServer.router(serving: site)
            router.delete("/api/cart") { _, _ in "emptied" }
            let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                for method: HTTPRequest.Method in [.put, .delete, .patch, .options] {
                    try await client.execute(uri: "/p/1", method: method) { response in
                        #expect(response.status == .methodNotAllowed, "\(method)")
                        #expect(response.headers[.allow] == "GET, HEAD, POST", "\(method)")
                    }
                }
                // An app's own route for one of them still answers it.
                try await client.execute(uri: "/api/cart", method: .delete) { response in
                    #expect(response.status == .ok && String(buffer: response.body) == "emptied")
                }
            }
        }
    }

    /// The app's static files and its own routes beside the site's pages.
    @Suite("FlowWebServer: static files and routes")
    struct StaticFilesAndRoutesTests {
        @Test func theAppsRoutesAnswerBesideTheSitesPagesAndItsStaticFiles() async throws {
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let app = FlowWebServer.application(
                serving: site,
                routes: { router in
                    router.get("/health") { _, _ in "ok" }
                })
            try await app.test(.router) { client in
                try await client.execute(uri: "/health", method: .get) { response in
                    #expect(response.status == .ok && String(buffer: response.body) == "ok")
                }
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .seeOther && response.headers[.location] == "/p/1")
                }
                let css = try await client.execute(uri: "/static/shop.css", method: .get)
                #expect(css.status == .ok && css.headers[.contentType] == "text/css; charset=utf-8")
                #expect(css.headers[.cacheControl] == "public, max-age=3600")
                #expect(String(buffer: css.body).contains(".shop-header"))
                let tag = try #require(css.headers[.eTag])
                let again = try await client.execute(uri: "/static/shop.css", method: .get, headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified && again.body.readableBytes == 0)
                let icon = try await client.execute(uri: "/static/favicon.svg", method: .get)
                #expect(icon.headers[.contentType] == "image/svg+xml" && icon.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    /// The port a server reports once it listens.
    actor ReportedPort {
        var port: Int?
        func set(_ port: Int) { self.port = port }
    }

    /// Serves the shop on a port the system chooses, answers `/` once, and runs `body` with the
    /// site, the client and the port while the server listens.
    func withTheShopListening(_ body: @escaping @Sendable (FlowSite, any TestClientProtocol, Int) async throws -> Void) async throws {
        let site = await MainActor.run { ShopWeb.site(.stack) }
        let reported = ReportedPort()
        let app = FlowWebServer.application(serving: site, port: 0) { port in await reported.set(port) }
        try await app.test(.live) { client in
            _ = try await client.execute(uri: "/", method: .get)
            let port = try #require(await reported.port)
            try await body(site, client, port)
        }
    }

    @Suite("FlowWebServer: running")
    struct RunningTests {
        @Test func aTrailingClosureIsToldThePortOnceTheServerListens() async throws {
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let reported = ReportedPort()
            let app = FlowWebServer.application(serving: site, port: 0) { port in await reported.set(port) }
            try await app.test(.live) { client in
                _ = try await client.execute(uri: "/", method: .get)
                let port = await reported.port
                #expect(port.map { $0 > 0 } == true, "the trailing closure was not told the port")
            }
        }

        @Test func servingOnAPortAnotherServerListensOnSaysSoWithTheAddress() async throws {
            try await withTheShopListening { (site: FlowSite, client: any TestClientProtocol, port: Int) async throws in
                let error = await #expect(throws: FlowWebServer.AddressInUse.self) { try await FlowWebServer.serve(site, port: port) }
                #expect(error == FlowWebServer.AddressInUse(host: "127.0.0.1", port: port))
                #expect(error?.description.hasPrefix("127.0.0.1:\(port) is in use") == true)
                // The server that listens there goes on answering.
                #expect(try await client.execute(uri: "/", method: .get).status == .seeOther)
            }
        }
    }

    /// A field named as one of the page's own: the site shows a page without it, and says why.
    @MainActor
    final class ClashingPage: Screen {}

    @Suite("FlowWebServer: what it logs")
    struct LoggingTests {
        @Test func everyRequestIsLoggedWithItsMethodPathStatusAndDuration() async throws {
            let handler = InMemoryLogHandler()
            let logger = Logger(label: "acme.web") { _ in handler }
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let app = FlowWebServer.application(serving: site, port: 0, logger: logger)
            try await app.test(.live) { client in
                _ = try await client.execute(uri: "/", method: .get)
                _ = try await client.execute(uri: "/p/999", method: .delete)
            }
            let lines = handler.entries.filter { $0.metadata["http.status"] != nil }
            #expect(lines.map { $0.metadata["http.method"]?.description } == ["GET", "DELETE"])
            #expect(lines.map { $0.metadata["http.path"]?.description } == ["/", "/p/999"])
            #expect(lines.map { $0.metadata["http.status"]?.description } == ["303", "405"])
            #expect(lines.allSatisfy { $0.level == .info && $0.metadata["http.duration_ms"] != nil })
            #expect(lines.first.map { "\($0.message)".hasPrefix("GET / 303 ") } == true)
        }

        @Test func whatThePageDoesNotExplainGoesToTheServersLog() async throws {
            let handler = InMemoryLogHandler()
            let logger = Logger(label: "acme.web") { _ in handler }
            let site = await MainActor.run {
                FlowSite {
                    let host = InMemoryHost()
                    try host.setRoot(.screen(ClashingPage()))
                    return WebVisit(
                        host: host, owner: host,
                        page: { _ in WebScreen(title: "Sign up", actions: [WebAction("join", fields: [.init("token", label: "Token")]) { _ in }]) },
                        ended: { WebScreen(title: "Done") })
                }
            }
            let app = FlowWebServer.application(serving: site, port: 0, logger: logger)
            try await app.test(.live) { client in
                let first = try await client.execute(uri: "/", method: .get)
                let cookie = try #require(first.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                let page = try await client.execute(uri: "/p/1", method: .get, headers: [.cookie: cookie])
                #expect(page.status == .ok)
                #expect(String(buffer: page.body).contains("This part of the page could not be shown."))
            }
            let problem = handler.entries.first { $0.metadata["flowkit.problem"] != nil }
            #expect(problem?.level == .error)
            #expect(problem.map { "\($0.message)".contains("a field named token") } == true)
        }
    }

    @Suite("FlowWebServer: run")
    struct RunTests {
        @Test func aSiteThatCannotBeMadeIsOneLine() async {
            let line = await FlowWebServer.startupProblem(
                host: "127.0.0.1", port: 0, serverName: nil, logger: nil, services: [], onRunning: { _ in }, routes: { _ in },
                making: {
                    let site = ShopWeb.site(.stack)
                    site.staticFiles = try StaticFiles(folder: "/no/such/folder")
                    return site
                })
            #expect(line?.hasPrefix("error: the site could not be made: ") == true)
            #expect(line?.contains("\n") == false)
        }

        @Test func anAddressInUseIsOneLineThatSaysWhatToDo() async throws {
            try await withTheShopListening { (site: FlowSite, _: any TestClientProtocol, port: Int) async throws in
                let line = await FlowWebServer.startupProblem(
                    host: "127.0.0.1", port: port, serverName: nil, logger: nil, services: [], onRunning: { _ in }, routes: { _ in },
                    making: { site })
                #expect(
                    line
                        == "error: the server could not serve on 127.0.0.1:\(port): 127.0.0.1:\(port) is in use: another server listens there. Stop it, or choose another port (0 lets the system choose one)."
                )
            }
        }
    }

    /// A form the page's script posts, over HTTP.
    @Suite("FlowWebServer: the page's script")
    struct ScriptedFormOverHTTPTests {
        /// The value of a hidden field on a page.
        static func field(_ name: String, in page: String) -> String {
            guard let start = page.firstRange(of: "name=\"\(name)\" value=\"")?.upperBound, let end = page[start...].firstIndex(of: "\"") else { return "" }
            return String(page[start..<end])
        }

        @Test func aFormWithTheScriptsHeaderIsAnsweredWithThePageAndItsDepth() async throws {
            let site = await MainActor.run { ShopWeb.site(.stack) }
            let app = FlowWebServer.application(serving: site, port: 0)
            try await app.test(.live) { client in
                let first = try await client.execute(uri: "/", method: .get)
                let cookie = try #require(first.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                let page = try await client.execute(uri: "/p/1", method: .get, headers: [.cookie: cookie])
                let html = String(buffer: page.body)
                let form = ["token", "revision", "screen"].map { "\($0)=\(Self.field($0, in: html))" }.joined(separator: "&") + "&action=start"
                var headers: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
                headers[.init(WebRequest.scriptHeader)!] = "1"
                let answer = try await client.execute(uri: "/p/1", method: .post, headers: headers, body: ByteBuffer(string: form))
                #expect(answer.status == .ok)
                #expect(String(buffer: answer.body) == "1 /p/2")
                let plain = try await client.execute(uri: "/p/2", method: .get, headers: [.cookie: cookie])
                #expect(String(buffer: plain.body).contains("<h1>Sign in</h1>"))
            }
        }
    }

    /// FlowWebServer's article, compiled line for line (GettingStartedTests checks its blocks are
    /// here); not run: it serves until the process is stopped.
    @MainActor
    enum FlowWebServerArticle {
        static func serveTheShop() async throws {
            let site = ShopWeb.site(.stack)
            try await FlowWebServer.serve(site, host: "127.0.0.1", port: 8080)
        }

        static func runTheShop() async {
            await FlowWebServer.run(host: "127.0.0.1", port: 8080) {
                let site = ShopWeb.site(.stack)
                site.staticFiles = try StaticFiles(folder: ShopWeb.staticFolder)
                return site
            }
        }

        static func serveWithRoutesOfYourOwn(_ site: FlowSite) async throws {
            let router = FlowWebServer.router(serving: site)
            router.get("/health") { _, _ in "ok" }
            let app = Application(
                router: router,
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 8080), serverName: "Onboarding"))
            try await app.runService()
        }
    }
#endif
