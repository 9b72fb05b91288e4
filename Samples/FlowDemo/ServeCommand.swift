import ArgumentParser
import FlowWeb
import Foundation
import ShopApp

#if WebServer
    import FlowWebServer
    import ServiceLifecycle
#endif
#if SQLiteStore
    import FlowWebSQLite
#endif
#if PostgresStore
    import FlowWebPostgres
#endif

/// Where `serve` keeps its visitors' sessions: `--store memory`, `--store sqlite:PATH`, or a
/// PostgreSQL URL.
enum StoreLocation: Equatable {
    /// In the process's memory: gone when it stops (the default).
    case memory
    /// In an SQLite file, for one server that restarts.
    case sqlite(path: String)
    /// In a PostgreSQL database shared by several servers.
    case postgres(url: String)

    init?(argument: String) {
        if argument == "memory" {
            self = .memory
        } else if argument.hasPrefix("sqlite:") {
            let path = String(argument.dropFirst("sqlite:".count))
            guard !path.isEmpty else { return nil }
            self = .sqlite(path: path)
        } else if argument.hasPrefix("postgres://") || argument.hasPrefix("postgresql://") {
            self = .postgres(url: argument)
        } else {
            return nil
        }
    }
}

/// `flow-demo serve`: the shop (or the sign-up) as web pages, a session per visitor, on this machine.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the shop (or the sign-up) as web pages: walk it in a browser, Back and Forward included.",
        discussion: """
            Every visitor gets their own shop (or sign-up, with --app signup) in the strategy given. Each page has its own address: \
            the browser's Back goes back in the shop (or closes the cart), Forward to a page the \
            shop has left shows where you are, and reload shows the page again. Stop with Ctrl-C.
            """
    )

    @Option(help: "The app to serve: shop (the default) or signup.")
    var app: SampleApp = .shop

    @Option(help: "The strategy every visitor's shop is written in: stack, chain, router or coordinator.")
    var strategy: Strategy

    @Option(help: "The port to listen on; 0 lets the system choose one.")
    var port: Int = 8080

    @Option(help: "The address to listen on; 127.0.0.1 serves this machine only.")
    var host: String = "127.0.0.1"

    @Flag(help: "Answer GET /.flowkit/state with the visitor's own session as JSON (its page, drift check and transcript), for browser tests.")
    var exposeState = false

    @Option(
        help: ArgumentHelp(
            "Where sessions are kept: memory (the default; gone when the server stops), sqlite:PATH (a file that outlives the server), or a PostgreSQL URL.",
            valueName: "url"))
    var store = "memory"

    @Option(name: .customLong("session-ttl"), help: ArgumentHelp("How long a stored session lasts after its last change, in seconds.", valueName: "seconds"))
    var sessionTTL: Int = 24 * 60 * 60

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be a port number from 0 to 65535, not \(port).") }
        guard sessionTTL > 0 else { throw ValidationError("--session-ttl must be a number of seconds above 0, not \(sessionTTL).") }
    }

    func run() throws {
        // A store that cannot be used ends the command with a sentence and status 1, as a server
        // that cannot start does.
        guard let location = StoreLocation(argument: store) else {
            printError("flow-demo serve: --store \(store) is not a store: give memory, sqlite:PATH or postgres://USER@HOST:PORT/DB.")
            throw ExitCode.failure
        }
        #if WebServer
            try serve(location)
        #else
            // The light default build compiles no server: say how to get one, and fail.
            printError(Self.withoutServer)
            throw ExitCode.failure
        #endif
    }

    /// What `serve` says in a build without the `WebServer` trait.
    static let withoutServer = """
        flow-demo serve: this flow-demo was built without its web server, which the package's \
        `WebServer` trait adds. Build and serve with:
          swift run --traits WebServer flow-demo serve --strategy stack
        """

    #if WebServer
        private func serve(_ store: StoreLocation) throws {
            // ArgumentParser runs a synchronous command on the main thread; the sessions live on the
            // main actor, whose queue `dispatchMain` runs from here on.
            let (app, strategy, lifetime, exposeState) = (app, strategy, TimeInterval(sessionTTL), exposeState)
            let (host, port) = (host, port)
            Task {
                let (site, services): (FlowSite, [any Service])
                do {
                    (site, services) = try await Self.site(app, strategy, store: store, lifetime: lifetime)
                } catch {
                    printError("flow-demo serve: \(error)")
                    Foundation.exit(1)
                }
                await MainActor.run {
                    site.exposesState = exposeState
                    site.storeFailed = { error in printError("flow-demo serve: \(error); answered 503") }
                }
                do {
                    try await FlowWebServer.serve(site, host: host, port: port, services: services) { port in
                        FileHandle.standardOutput.write(
                            Data("Serving the \(app.name) (\(strategy.rawValue)) at http://\(host):\(port)/ — stop with Ctrl-C.\n".utf8))
                    }
                    Foundation.exit(0)
                } catch {
                    printError("flow-demo serve: \(error)")
                    Foundation.exit(1)
                }
            }
            dispatchMain()
        }

        /// The app's site, its sessions where `--store` says, and the services the store runs.
        private static func site(_ app: SampleApp, _ strategy: Strategy, store: StoreLocation, lifetime: TimeInterval) async throws -> (
            FlowSite, [any Service]
        ) {
            switch store {
            case .memory:
                return (await ShopWeb.site(strategy, app: app), [])
            case .sqlite(let path):
                #if SQLiteStore
                    let sessions = try await SQLiteSessionStore.open(path: path)
                    return (await ShopWeb.site(strategy, app: app, store: sessions, sessionLifetime: lifetime), [])
                #else
                    throw StoreNotBuilt(store: "sqlite:\(path)", trait: "SQLiteStore")
                #endif
            case .postgres(let url):
                #if PostgresStore
                    let sessions = try await PostgresSessionStore.open(PostgresSessionStore.Location(url: url))
                    return (await ShopWeb.site(strategy, app: app, store: sessions, sessionLifetime: lifetime), [sessions])
                #else
                    throw StoreNotBuilt(store: url, trait: "PostgresStore")
                #endif
            }
        }
    #endif

    /// A store this flow-demo was built without.
    struct StoreNotBuilt: Error, CustomStringConvertible {
        var store: String
        var trait: String
        var description: String {
            "--store \(store): this flow-demo was built without that store; build with the package's `\(trait)` trait: swift run --traits WebServer,\(trait) flow-demo serve ..."
        }
    }
}
