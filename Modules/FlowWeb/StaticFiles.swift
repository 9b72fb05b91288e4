import Foundation

/// An app's folder of static files — stylesheets, images, fonts, scripts — served under a prefix
/// of the site's addresses: `/static/app.css` is `app.css` in the folder.
///
/// ```swift
/// site.staticFiles = try StaticFiles(folder: "Public")
/// site.layout = WebLayout(head: #"<link rel="stylesheet" href="/static/app.css">"#)
/// ```
///
/// Only files inside the folder are served: a path with `..`, `.` or an empty part, a hidden
/// file or folder (a name that starts with `.`), an encoded slash or a link that leads outside the
/// folder is answered 404, as a file that is not there is. A file is sent with the media type its
/// extension names, an `ETag`, and `Cache-Control: public, max-age=…`; a request whose
/// `If-None-Match` names the file as it is gets `304 Not Modified`. Files need no session, and
/// asking for one moves nobody's pages.
public struct StaticFiles: Sendable, Hashable {
    /// The folder, as an absolute path with its links resolved.
    public let folder: String
    /// Where the files are in the site's addresses: `/static`.
    public let prefix: String
    /// How long a browser may keep a file without asking again, in seconds.
    public var maxAge: Int

    /// A folder that cannot be served.
    public struct Unavailable: Error, CustomStringConvertible {
        /// The folder asked for.
        public var folder: String
        public var description: String { "There is no folder at \(folder) to serve static files from." }
    }

    /// Serves a folder's files under a prefix.
    ///
    /// - Parameters:
    ///   - folder: The folder, absolute or relative to the working directory.
    ///   - prefix: Where its files are in the site's addresses; `/static` by default. It must start
    ///     with `/` and not be `/` alone, so that the site's own pages keep their addresses.
    ///   - maxAge: How long a browser may keep a file without asking again, in seconds.
    /// - Throws: ``Unavailable`` when the folder is not there.
    public init(folder: String, at prefix: String = "/static", maxAge: Int = 3600) throws(Unavailable) {
        precondition(prefix.hasPrefix("/") && prefix.count > 1 && !prefix.hasSuffix("/"), "A static prefix looks like /static.")
        let resolved = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue else { throw Unavailable(folder: folder) }
        self.folder = resolved
        self.prefix = prefix
        self.maxAge = maxAge
    }

    /// The answer to a request for a path under ``prefix``: the file, `304`, `404` or `405`;
    /// `nil` for a path elsewhere, which is the site's.
    public func answer(_ request: WebRequest) -> WebResponse? {
        guard request.path.hasPrefix(prefix + "/") || request.path == prefix else { return nil }
        guard request.method == .get || request.method == .head else {
            return WebResponse(status: 405, contentType: "text/plain; charset=utf-8", body: "Static files are read with GET.", headers: ["Allow": "GET, HEAD"])
        }
        guard let file = file(at: request.path.dropFirst(prefix.count + 1)), let contents = FileManager.default.contents(atPath: file.path) else {
            return WebResponse(status: 404, contentType: "text/plain; charset=utf-8", body: "There is no such file.")
        }
        let tag = "\"\(contents.count)-\(Int(file.modified.timeIntervalSince1970 * 1000))\""
        var headers = ["Cache-Control": "public, max-age=\(maxAge)", "ETag": tag]
        if let asked = request.ifNoneMatch, asked.split(separator: ",").contains(where: { String($0).trimmedSpaces == tag || String($0).trimmedSpaces == "*" })
        {
            headers["Content-Type"] = nil
            return WebResponse(status: 304, contentType: Self.mediaType(of: file.path), headers: headers)
        }
        return WebResponse(status: 200, contentType: Self.mediaType(of: file.path), bytes: Array(contents), headers: headers)
    }

    /// The regular file a path inside the folder names, checked part by part and after its links
    /// are resolved; `nil` for anything that is not one inside the folder.
    func file(at path: Substring) -> (path: String, modified: Date)? {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let name = WebForm.percentDecoded(part, plusIsSpace: false), !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"),
                !name.contains("\0")
            else { return nil }
            parts.append(name)
        }
        guard !parts.isEmpty else { return nil }
        let resolved = URL(fileURLWithPath: folder + "/" + parts.joined(separator: "/")).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(folder + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return (resolved, attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0))
    }

    /// The media type a file's extension names; `application/octet-stream` for one it does not know.
    static func mediaType(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let suffix = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        return mediaTypes[suffix] ?? "application/octet-stream"
    }

    /// The media types of the files a site serves most.
    static let mediaTypes: [String: String] = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "html": "text/html; charset=utf-8", "txt": "text/plain; charset=utf-8", "json": "application/json", "map": "application/json",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "xml": "application/xml", "webmanifest": "application/manifest+json",
    ]
}
