// The server is compiled with the package's `WebServer` trait only, so that a build that does not
// serve pages resolves and compiles no server package: without the trait this module is empty.
#if WebServer
    import FlowWeb
    import Foundation
    import Hummingbird
    import Logging
    import NIOCore
    import ServiceLifecycle

    /// Serves a ``/FlowWeb/FlowSite`` over HTTP with Hummingbird 2: each request is read into a
    /// ``/FlowWeb/WebRequest``, answered by the site on the main actor, and written back with the
    /// site's security headers.
    ///
    /// The server decides nothing: what a request means, which session it belongs to and what it may
    /// do are the site's, tested without a socket.
    public enum FlowWebServer {
        /// A Hummingbird application serving a site on an address.
        ///
        /// - Parameters:
        ///   - site: The site to serve.
        ///   - host: The address to listen on: `127.0.0.1` (the default) serves this machine only.
        ///   - port: The port; `0` lets the system choose one, which `onRunning` is told.
        ///   - serverName: What every response's `Server` header says; `nil` sends none.
        ///   - logger: Where the server logs; by default a logger labelled with `serverName` (or
        ///     `Hummingbird` without one).
        ///   - services: Services the application runs beside the server and shuts down with it,
        ///     such as a session store that holds database connections.
        ///   - onRunning: Called once the server listens, with its port: a trailing closure is this
        ///     one.
        ///   - routes: Adds the app's own routes beside the site's pages: a route added answers its
        ///     path, the site every other.
        public static func application(
            serving site: FlowSite, host: String = "127.0.0.1", port: Int = 8080, serverName: String? = "FlowKit", logger: Logger? = nil,
            services: [any Service] = [], onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
            routes: (Router<BasicRequestContext>) -> Void = { _ in }
        ) -> some ApplicationProtocol {
            let logger = logger ?? Logger(label: serverName ?? "Hummingbird")
            let router = router(serving: site, logger: logger)
            routes(router)
            return Application(
                router: router,
                configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: serverName),
                services: services,
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
                logger: logger
            )
        }

        /// Serves a site until the process is asked to stop (SIGINT or SIGTERM), then finishes the
        /// requests under way and returns.
        ///
        /// - Throws: ``AddressInUse`` when another server listens on the address; what the server
        ///   throws otherwise.
        ///
        /// - Parameters:
        ///   - site: The site to serve.
        ///   - host: The address to listen on: `127.0.0.1` (the default) serves this machine only.
        ///   - port: The port; `0` lets the system choose one, which `onRunning` is told.
        ///   - serverName: What every response's `Server` header says; `nil` sends none.
        ///   - logger: Where the server logs; by default a logger labelled with `serverName` (or
        ///     `Hummingbird` without one).
        ///   - services: Services the application runs beside the server and shuts down with it,
        ///     such as a session store that holds database connections.
        ///   - onRunning: Called once the server listens, with its port: a trailing closure is this
        ///     one.
        ///   - routes: Adds the app's own routes beside the site's pages: a route added answers its
        ///     path, the site every other.
        public static func serve(
            _ site: FlowSite, host: String = "127.0.0.1", port: Int = 8080, serverName: String? = "FlowKit", logger: Logger? = nil,
            services: [any Service] = [], onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
            routes: (Router<BasicRequestContext>) -> Void = { _ in }
        ) async throws {
            do {
                try await application(
                    serving: site, host: host, port: port, serverName: serverName, logger: logger, services: services, onRunning: onRunning, routes: routes
                )
                .runService()
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                throw AddressInUse(host: host, port: port)
            }
        }

        /// Serves the site `making` makes as a program's main work, until the process is asked to
        /// stop; a startup error — the site cannot be made (a missing folder of static files), the
        /// address is in use — is one line on standard error and exit status 1, not a backtrace.
        ///
        /// ```swift
        /// await FlowWebServer.run(port: 8080) {
        ///     let site = ShopWeb.site(.stack)
        ///     site.staticFiles = try StaticFiles(folder: "Public")
        ///     return site
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - host: The address to listen on: `127.0.0.1` (the default) serves this machine only.
        ///   - port: The port; `0` lets the system choose one, which `onRunning` is told.
        ///   - serverName: What every response's `Server` header says; `nil` sends none.
        ///   - logger: Where the server logs; by default a logger labelled with `serverName`.
        ///   - services: Services the application runs beside the server and shuts down with it.
        ///   - onRunning: Called once the server listens, with its port.
        ///   - routes: Adds the app's own routes beside the site's pages.
        ///   - making: Makes the site to serve; what it throws stops the program with its line.
        public static func run(
            host: String = "127.0.0.1", port: Int = 8080, serverName: String? = "FlowKit", logger: Logger? = nil, services: [any Service] = [],
            onRunning: @escaping @Sendable (Int) async -> Void = { _ in }, routes: (Router<BasicRequestContext>) -> Void = { _ in },
            making: @MainActor () throws -> FlowSite
        ) async {
            guard
                let problem = await startupProblem(
                    host: host, port: port, serverName: serverName, logger: logger, services: services, onRunning: onRunning, routes: routes,
                    making: making)
            else { return }
            FileHandle.standardError.write(Data((problem + "\n").utf8))
            exit(1)
        }

        /// Serves as ``run(host:port:serverName:logger:services:onRunning:routes:making:)`` does,
        /// and returns the line it would print for a startup error, or `nil` once the server
        /// stopped as asked.
        static func startupProblem(
            host: String, port: Int, serverName: String?, logger: Logger?, services: [any Service], onRunning: @escaping @Sendable (Int) async -> Void,
            routes: (Router<BasicRequestContext>) -> Void, making: @MainActor () throws -> FlowSite
        ) async -> String? {
            let site: FlowSite
            do {
                site = try await MainActor.run { try making() }
            } catch {
                return "error: the site could not be made: \(error)"
            }
            do {
                try await serve(site, host: host, port: port, serverName: serverName, logger: logger, services: services, onRunning: onRunning, routes: routes)
                return nil
            } catch {
                return "error: the server could not serve on \(host):\(port): \(error)"
            }
        }

        /// The error ``serve(_:host:port:serverName:logger:services:onRunning:routes:)`` throws when
        /// another server already listens on its address.
        public struct AddressInUse: Error, Hashable, CustomStringConvertible {
            /// The address the server was to listen on.
            public let host: String
            /// The port another server listens on.
            public let port: Int

            /// Makes the error for an address.
            public init(host: String, port: Int) {
                self.host = host
                self.port = port
            }

            /// What to do about it, in a sentence.
            public var description: String {
                "\(host):\(port) is in use: another server listens there. Stop it, or choose another port (0 lets the system choose one)."
            }
        }

        /// A router that hands every request to a site: `GET`, `HEAD` and `POST` as they are, any
        /// other method as one the site refuses with `405` and the methods it allows.
        ///
        /// Every request is logged at `info` when it is answered — its method, path, status and
        /// duration (``RequestLog``) — and, unless the app set the site's own
        /// ``/FlowWeb/FlowSite/onProblem``, what went wrong that a page does not explain is logged
        /// too: a session set aside at `warning`, the rest at `error`.
        ///
        /// - Parameters:
        ///   - site: The site to serve.
        ///   - logger: Where the site's problems are logged; by default each request's own logger.
        public static func router(serving site: FlowSite, logger: Logger? = nil) -> Router<BasicRequestContext> {
            let router = Router()
            router.add(middleware: RequestLog())
            let limit = site.limits.maximumBodyBytes
            let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, context in
                let method: WebRequest.Method? =
                    switch request.method {
                    case .get: .get
                    case .head: .head
                    case .post: .post
                    default: nil
                    }
                let body: String
                do {
                    body = String(buffer: try await request.body.collect(upTo: limit))
                } catch {
                    let tooLong = WebRequest(
                        method, request.uri.path, body: String(repeating: " ", count: limit + 1), sessionToken: request.cookies[FlowSite.cookieName]?.value,
                        acceptLanguage: request.headers[.acceptLanguage])
                    return response(await site.respond(to: tooLong))
                }
                let webRequest = WebRequest(
                    method, request.uri.path, body: body, sessionToken: request.cookies[FlowSite.cookieName]?.value,
                    isCrossSite: request.headers[.init("Sec-Fetch-Site")!] == "cross-site",
                    isScripted: request.headers[.init(WebRequest.scriptHeader)!] == "1", ifNoneMatch: request.headers[.ifNoneMatch],
                    acceptLanguage: request.headers[.acceptLanguage])
                return response(await answer(webRequest, by: site, logging: logger ?? context.logger))
            }
            for path in ["/", "**"] {
                for method: HTTPRequest.Method in [.get, .head, .post, .put, .delete, .patch, .options, .trace] {
                    router.on(RouterPath(path), method: method, use: respond)
                }
            }
            return router
        }

        /// The site's answer, with its problems logged by the server unless the app hears them.
        @MainActor
        private static func answer(_ request: WebRequest, by site: FlowSite, logging logger: Logger) async -> WebResponse {
            if site.onProblem == nil {
                site.onProblem = { problem in
                    logger.log(level: problem.kind == .sessionSetAside ? .warning : .error, "\(problem)", metadata: ["flowkit.problem": "\(problem.kind)"])
                }
            }
            return await site.respond(to: request)
        }

        private static func response(_ answer: WebResponse) -> Response {
            var headers = HTTPFields()
            headers[.contentType] = answer.contentType
            for (name, value) in WebResponse.securityHeaders { headers[.init(name)!] = value }
            for (name, value) in answer.headers {
                if let field = HTTPFields.Element.Name(name) { headers[field] = value }
            }
            if let location = answer.location { headers[.location] = location }
            if let cookie = answer.setCookie { headers[.setCookie] = cookie }
            let body = answer.bytes.map { ByteBuffer(bytes: $0) } ?? ByteBuffer(string: answer.body)
            return Response(status: HTTPResponse.Status(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: body))
        }
    }
#endif
