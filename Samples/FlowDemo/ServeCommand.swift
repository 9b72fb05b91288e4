import ArgumentParser
import FlowWeb
import Foundation
import ShopApp

#if WebServer
    import FlowWebServer
#endif

/// `flow-demo serve`: the shop as web pages, a session per visitor, on this machine.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the shop as web pages: walk it in a browser, Back and Forward included.",
        discussion: """
            Every visitor gets their own shop in the strategy given. Each page has its own address: \
            the browser's Back goes back in the shop (or closes the cart), Forward to a page the \
            shop has left shows where you are, and reload shows the page again. Stop with Ctrl-C.
            """
    )

    @Option(help: "The strategy every visitor's shop is written in: stack, chain, router or coordinator.")
    var strategy: Strategy

    @Option(help: "The port to listen on; 0 lets the system choose one.")
    var port: Int = 8080

    @Option(help: "The address to listen on; 127.0.0.1 serves this machine only.")
    var host: String = "127.0.0.1"

    @Flag(help: "Answer GET /.flowkit/state with the visitor's own session as JSON (its page, drift check and transcript), for browser tests.")
    var exposeState = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be a port number from 0 to 65535, not \(port).") }
    }

    func run() throws {
        #if WebServer
            try serve()
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
        private func serve() throws {
            // ArgumentParser runs a synchronous command on the main thread; the sessions live on the
            // main actor, whose queue `dispatchMain` runs from here on.
            let strategy = strategy
            let site = MainActor.assumeIsolated {
                let site = ShopWeb.site(strategy)
                site.exposesState = exposeState
                return site
            }
            let (host, port) = (host, port)
            Task {
                do {
                    try await FlowWebServer.serve(site, host: host, port: port) { port in
                        FileHandle.standardOutput.write(Data("Serving the shop (\(strategy.rawValue)) at http://\(host):\(port)/ — stop with Ctrl-C.\n".utf8))
                    }
                    Foundation.exit(0)
                } catch {
                    printError("flow-demo serve: \(error)")
                    Foundation.exit(1)
                }
            }
            dispatchMain()
        }
    #endif
}
