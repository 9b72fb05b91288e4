import Foundation
import Hummingbird
import NIOCore

// The floor `web-reload.py` measures FlowWeb against: a bare Hummingbird handler that answers a
// page of a given size to a request carrying the session cookie, and 404 to one without — the
// least any server can do for a reload, with no session, no store and no page to render.
//
//     bare-page --bytes 2048      # prints "Listening on http://127.0.0.1:PORT/" once it listens

let arguments = CommandLine.arguments
let bytes = arguments.firstIndex(of: "--bytes").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 2048
let page = ByteBuffer(string: "<!doctype html><html><body>" + String(repeating: "x", count: max(bytes - 41, 0)) + "</body></html>")

let router = Router()
router.get("**") { request, _ -> Response in
    guard let cookie = request.headers[.cookie], cookie.contains("flowkit-session=") else { return Response(status: .notFound) }
    return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: page))
}
let application = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
    onServerRunning: { channel in
        // Written at once, not buffered: the script that starts the server waits for this line.
        FileHandle.standardOutput.write(Data("Listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)/\n".utf8))
    }
)
try await application.runService()
