import Foundation

extension FlowSite {
    /// Answers a request, reading its session from the ``store`` first and writing it back after.
    ///
    /// - A process that holds a session trusts its copy while the store's ``SessionStore/changes``
    ///   vouch that nobody changed it, and the browser has seen no later revision of it (the
    ///   session cookie carries the revision the browser was last given, `TOKEN.7`, so a browser
    ///   that moved on through another process is never shown this one's older page). Otherwise it
    ///   asks the store for the session's revision (``SessionStore/revision(of:now:)``, a small
    ///   read); the session is read whole, and made again from it (the app's `restore`, then its
    ///   pages' numbers), only when the store holds a revision this process has not seen: a
    ///   session continued by another process, or after a restart.
    /// - Requests of one session are served one at a time in a process. Across processes a write
    ///   is a compare-and-set on the revision read: the process that loses reads the session again
    ///   and answers as for a form that is out of date, having changed nothing the store keeps.
    /// - When the store does not answer, the answer is 503, nothing is kept, and the next request
    ///   reads the session again.
    /// - A stored session that no longer reads, or that the app cannot bring back whole, ends in a
    ///   page that says so in the app's words (``setAsidePage``) and offers to start again; the
    ///   reason goes to ``onProblem``, never to the page.
    /// - A session is written once a browser keeps it: a request without a session cookie — an
    ///   uptime check, a crawler, a link preview, anyone who only looks once — starts a session
    ///   that lives in this process's memory and writes no row. The first request that comes
    ///   back with its cookie writes it, on whichever process it lands (one that does not hold
    ///   it starts the visitor a session and writes that at once).
    ///
    /// A site without a store answers as its synchronous `respond(to:)` does.
    public func respond(to request: WebRequest) async -> WebResponse {
        guard let store else { return answer(request) }
        if let file = staticFiles?.answer(request) { return file }
        guard let cookie = request.sessionToken else { return await startingSession(for: request, in: store) }
        let (token, seen) = Self.session(inCookie: cookie)
        var request = request
        request.sessionToken = token
        let response = await respond(to: request, token: token, seen: seen, in: store)
        return telling(response, token: token, seen: seen)
    }

    /// Answers a request that came with a session cookie.
    private func respond(to request: WebRequest, token: String, seen: Int?, in store: any SessionStore) async -> WebResponse {
        // A held session's key was hashed when it was first held.
        let key = stored[token]?.key ?? SessionKey(token: token)
        await acquire(key)
        defer { release(key) }

        let revision: Int
        switch await read(token, key: key, seen: seen, for: request, in: store) {
        case .answered(let response): return response
        case .at(let held): revision = held
        }

        var response = answer(request)
        if let newToken = Self.token(inCookie: response.setCookie ?? ""), newToken != token {
            // The run started again under a new session: the old one is gone from the store too,
            // and the new one is written once it holds something.
            try? await store.remove(key)
            return await created(newToken, answering: response, for: request, in: store)
        }
        // Nothing to write unless something the saved visit holds changed.
        guard let visit = visit(for: token), visit.mark != stored[token]?.mark else { return response }
        let next: StoredSession
        do {
            next = try saved(visit, as: key, revision: revision + 1)
        } catch {
            // What the request did cannot be kept: it is dropped, and the person is told.
            forget(token)
            return refusal(500, \.notSaved, for: request)
        }
        let since = store.changes?.mark()
        do {
            if try await store.replace(next, expected: revision) {
                stored[token] = HeldSession(next, mark: visit.mark, since: since)
                return response
            }
        } catch {
            forget(token)
            return unavailable(error, for: request)
        }
        // Another process wrote the session first: what this request did is dropped, and the
        // session is read again, as it now is.
        forget(token)
        response = await outOfDate(token, key: key, for: request, in: store)
        return response
    }

    /// Gives the browser the revision of the session it is now shown, when it has not seen it:
    /// the cookie's value becomes `TOKEN.REVISION`.
    private func telling(_ response: WebResponse, token: String, seen: Int?) -> WebResponse {
        var response = response
        var current = (token: token, seen: seen)
        if let cookie = response.setCookie {
            // A new session's cookie, or one that ends the session.
            guard let newToken = Self.token(inCookie: cookie), !newToken.isEmpty else { return response }
            current = (newToken, nil)
        }
        guard let revision = stored[current.token]?.revision, revision != Self.unwritten, revision != current.seen else { return response }
        response.setCookie = sessionCookie("\(current.token).\(revision)")
        return response
    }

    // MARK: Steps

    /// Where a request stands on its session: this process holds it at the store's revision, or
    /// the request is answered already (the store did not answer, the session is gone or set aside).
    private enum Reading {
        case at(Int)
        case answered(WebResponse)
    }

    /// Brings this process's copy of a session to the store's revision. A process that holds the
    /// session trusts it while the store's watch vouches for it; else it asks for the revision
    /// alone (a small read, where a reload writes nothing); otherwise, or when the browser has
    /// seen a later revision, the session is loaded and, if another process moved it on, made
    /// again.
    private func read(_ token: String, key: SessionKey, seen: Int?, for request: WebRequest, in store: any SessionStore) async -> Reading {
        if let held = stored[token], held.revision != Self.unwritten, visit(for: token) != nil, (seen ?? 0) <= held.revision {
            if held.isCurrent(at: now(), watched: store.changes) { return .at(held.revision) }
            let since = store.changes?.mark()
            do {
                if try await store.revision(of: key, now: now()) == held.revision {
                    stored[token]?.since = since
                    return .at(held.revision)
                }
            } catch {
                forget(token)
                return .answered(unavailable(error, for: request))
            }
        }
        let since = store.changes?.mark()
        let loaded: StoredSession?
        do {
            loaded = try await store.load(key, now: now())
        } catch {
            forget(token)
            return .answered(unavailable(error, for: request))
        }
        guard let loaded else {
            // A session this process started that holds nothing yet is in no store.
            if stored[token]?.revision == Self.unwritten, visit(for: token) != nil {
                return .answered(await answerUnwritten(request, token: token, in: store))
            }
            // Expired, ended or never known: as to a site that holds no such session.
            forget(token)
            return .answered(await startingSession(for: request, in: store))
        }
        if stored[token]?.revision != loaded.revision || visit(for: token) == nil {
            forget(token)
            if let failure = revive(loaded, token: token, for: request) {
                try? await store.remove(key)
                return .answered(setAside(failure, for: request))
            }
        }
        stored[token]?.since = since
        return .at(loaded.revision)
    }

    /// The revision noted for a session that no store holds yet.
    static let unwritten = 0

    /// Answers a request without a session it can continue. The session it starts is written
    /// at once for a browser that sent a cookie (it keeps cookies: the next request comes back),
    /// and only once the browser comes back with it for a request that sent none.
    private func startingSession(for request: WebRequest, in store: any SessionStore) async -> WebResponse {
        let response = answer(request)
        guard let token = Self.token(inCookie: response.setCookie ?? "") else { return response }
        guard request.sessionToken != nil else {
            keepUnwritten(token)
            return response
        }
        return await created(token, answering: response, for: request, in: store)
    }

    /// Notes a session this process holds that no store holds yet.
    private func keepUnwritten(_ token: String) {
        guard let visit = visit(for: token) else { return }
        stored[token] = HeldSession(revision: Self.unwritten, mark: visit.mark, key: SessionKey(token: token))
    }

    /// Answers a request that came back with the cookie of a session no store holds yet, and
    /// writes the session: the browser keeps it.
    private func answerUnwritten(_ request: WebRequest, token: String, in store: any SessionStore) async -> WebResponse {
        let response = answer(request)
        if let newToken = Self.token(inCookie: response.setCookie ?? ""), newToken != token {
            return await created(newToken, answering: response, for: request, in: store)
        }
        return await created(token, answering: response, for: request, in: store)
    }

    /// Writes a session to the store for the first time; unless it is kept there, it is not kept
    /// at all.
    private func created(_ token: String, answering response: WebResponse, for request: WebRequest, in store: any SessionStore) async -> WebResponse {
        guard let visit = visit(for: token) else { return response }
        let session: StoredSession
        do {
            session = try saved(visit, as: SessionKey(token: token), revision: 1)
        } catch {
            forget(token)
            return refusal(500, \.sessionNotSaved, for: request)
        }
        let since = store.changes?.mark()
        do {
            guard try await store.create(session, now: now()) else {
                forget(token)
                return refusal(500, \.sessionNotStarted, for: request)
            }
        } catch {
            forget(token)
            return unavailable(error, for: WebRequest(.get, "/", acceptLanguage: request.acceptLanguage))
        }
        stored[token] = HeldSession(session, mark: visit.mark, since: since)
        return response
    }

    /// Reads a session that another process changed first, tells the person the page was out of
    /// date, and sends them where the session now is.
    private func outOfDate(_ token: String, key: SessionKey, for request: WebRequest, in store: any SessionStore) async -> WebResponse {
        let since = store.changes?.mark()
        let current: StoredSession?
        do {
            current = try await store.load(key, now: now())
        } catch {
            return unavailable(error, for: request)
        }
        guard let current else { return refusal(403, \.noSessionForForm, for: request) }
        if let failure = revive(current, token: token, for: request) {
            try? await store.remove(key)
            return setAside(failure, for: request)
        }
        stored[token]?.since = since
        guard let visit = visit(for: token) else { return refusal(500, \.sessionNotReadAgain, for: request) }
        visit.notice = visit.layout.words.pageOutOfDate
        // The notice is kept if the session is still as read; if it moved on again, the person is
        // sent where it is all the same.
        if let next = try? saved(visit, as: key, revision: current.revision + 1) {
            let since = store.changes?.mark()
            if (try? await store.replace(next, expected: current.revision)) == true {
                stored[token] = HeldSession(next, mark: visit.mark, since: since)
            } else {
                forget(token)
            }
        }
        return scripted(.seeOther(visit.currentAddress), for: request)
    }

    /// A visit saved as a session at a revision, expiring a lifetime from now.
    private func saved(_ visit: WebVisit, as key: SessionKey, revision: Int) throws -> StoredSession {
        StoredSession(key: key, revision: revision, data: try visit.save().bytes, expires: now().addingTimeInterval(sessionLifetime))
    }

    /// Makes a stored session's visit again and holds it; returns why not, when it cannot.
    private func revive(_ session: StoredSession, token: String, for request: WebRequest) -> String? {
        let saved: SavedVisit
        do {
            saved = try SavedVisit(bytes: session.data)
        } catch {
            return "the stored session does not read: \(error)"
        }
        guard let restore = restoreApp else { return "This site cannot continue stored sessions." }
        let visit: WebVisit
        do {
            visit = try restore(saved.app)
        } catch {
            // A run that had ended comes back as the page it ended on, whatever the app's
            // restore makes of a run that has ended.
            guard let page = saved.ended else { return "the app's restore threw: \(error)" }
            visit = WebVisit.ended(saved, page: page)
        }
        do {
            try visit.resume(from: saved)
        } catch {
            visit.end()
            return "its pages could not be numbered again: \(error)"
        }
        hold(visit, as: token, for: request)
        stored[token] = HeldSession(session, mark: visit.mark, since: nil)
        return nil
    }

    // MARK: One request of a session at a time

    private func acquire(_ key: SessionKey) async {
        guard waitingRequests[key] != nil else {
            waitingRequests[key] = []
            return
        }
        await withCheckedContinuation { waitingRequests[key, default: []].append($0) }
    }

    private func release(_ key: SessionKey) {
        guard var queue = waitingRequests[key], !queue.isEmpty else {
            waitingRequests[key] = nil
            return
        }
        let next = queue.removeFirst()
        waitingRequests[key] = queue
        next.resume()
    }

    // MARK: Answers

    /// Tells ``storeFailed`` and ``onProblem`` why the store did not answer, and answers 503.
    private func unavailable(_ error: any Error, for request: WebRequest) -> WebResponse {
        storeFailed?(error)
        tell(SiteProblem(.storeFailed, "the session store did not answer: \(error)"))
        return Self.unavailable(for: request, layout: layout(for: request))
    }

    /// Tells ``onProblem`` why a stored session was set aside, and answers with the app's page.
    private func setAside(_ reason: String, for request: WebRequest) -> WebResponse {
        tell(SiteProblem(.sessionSetAside, "a stored session was set aside: \(reason)"))
        let layout = preferredLayout(for: request)
        // Left as it is, the page is in the layout's words.
        return Self.cannotContinue(setAsidePage == SetAsidePage() ? layout.words.setAside : setAsidePage, layout: layout)
    }

    /// The answer when the store does not answer: nothing was done; try again.
    static func unavailable(for request: WebRequest, layout: WebLayout = .standard) -> WebResponse {
        let again = request.method == .get ? request.path : "/"
        return WebResponse(
            status: 503,
            body: layout.document(
                title: layout.words.unavailableTitle,
                body: """
                    <main><h1>\(layout.words.unavailableTitle)</h1>\
                    <p>\(layout.words.unavailableExplanation)</p>\
                    <p><a href="\(again)">\(layout.words.tryAgain)</a></p></main>
                    """))
    }

    /// The answer for a stored session that cannot be continued: the app's words, and a new
    /// start; nothing of the session or of the reason.
    static func cannotContinue(_ page: SetAsidePage, layout: WebLayout = .standard) -> WebResponse {
        WebResponse(
            status: 409, setCookie: "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
            body: layout.document(
                title: page.title,
                body: """
                    <main><h1>\(page.title)</h1>\
                    <p>\(page.explanation)</p>\
                    <p><a href="/">\(page.startAgain)</a></p></main>
                    """))
    }
}

/// What a process knows of a session it holds, as the store had it when this process last read or
/// wrote it.
struct HeldSession {
    /// The session's key in the store.
    var key: SessionKey
    /// The stored revision (``FlowSite/unwritten`` for a session no store holds yet): a session
    /// whose stored revision moved on is read again.
    var revision: Int
    /// The visit's mark then: a visit whose mark has not changed has nothing new to write.
    var mark: WebVisit.Mark
    /// When the store lets the session go, unless it is written again.
    var expires: Date?
    /// Where the store's watch stood before the revision was read or written: while the watch
    /// vouches for the session since then, the store is not asked.
    var since: SessionChangeMark?

    init(revision: Int, mark: WebVisit.Mark, key: SessionKey) {
        self.key = key
        self.revision = revision
        self.mark = mark
    }

    init(_ session: StoredSession, mark: WebVisit.Mark, since: SessionChangeMark?) {
        key = session.key
        revision = session.revision
        self.mark = mark
        expires = session.expires
        self.since = since
    }

    /// Whether the store certainly still holds the session at this revision, without asking it.
    func isCurrent(at now: Date, watched watch: (any SessionChangeWatch)?) -> Bool {
        guard let watch, let since, let expires, expires >= now else { return false }
        return watch.isUnchanged(key, at: revision, since: since)
    }
}
