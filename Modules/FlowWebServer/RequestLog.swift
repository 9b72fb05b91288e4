#if WebServer
    import Hummingbird
    import Logging

    /// Logs every request once it is answered, in one line: its method, path, status and how long
    /// the answer took — `GET /p/3 200 1.2 ms` — with the same as metadata (`http.method`,
    /// `http.path`, `http.status`, `http.duration_ms`), at `info`.
    ///
    /// ``FlowWebServer/router(serving:logger:)`` adds it. Hummingbird's own `LogRequestsMiddleware`
    /// logs a request as it arrives, without its status or duration, so FlowWebServer has this one.
    /// The path is logged without its query.
    public struct RequestLog<Context: RequestContext>: RouterMiddleware {
        /// The level requests are logged at.
        public let level: Logger.Level

        /// Makes the middleware.
        ///
        /// - Parameter level: The level requests are logged at: `info` by default.
        public init(level: Logger.Level = .info) {
            self.level = level
        }

        /// Answers the request with what comes next, then logs it; a request that threw is logged
        /// with the status its error stands for (500 for one that names none).
        public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            let start = ContinuousClock.now
            do {
                let response = try await next(request, context)
                log(request, status: response.status.code, since: start, in: context)
                return response
            } catch {
                log(request, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start, in: context)
                throw error
            }
        }

        private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant, in context: Context) {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
            let rounded = (milliseconds * 10).rounded() / 10
            context.logger.log(
                level: level, "\(request.method) \(request.uri.path) \(status) \(rounded) ms",
                metadata: [
                    "http.method": .string(request.method.rawValue), "http.path": .string(request.uri.path), "http.status": .stringConvertible(status),
                    "http.duration_ms": .stringConvertible(rounded),
                ])
        }
    }
#endif
