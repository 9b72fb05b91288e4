import Foundation

extension FlowSite {
    /// Answers a request, reading its session from the ``store`` first and writing it back after.
    ///
    /// - A process that holds a session asks the store for its revision on every request
    ///   (``SessionStore/revision(of:now:)``, a small read); the session is read whole, and made
    ///   again from it (the app's `restore`, then its pages' numbers), only when the store holds a
    ///   revision this process has not seen: a session continued by another process, or after a
    ///   restart.
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
        guard let token = request.sessionToken else { return await startingSession(for: request, in: store) }
        let key = SessionKey(token: token)
        await acquire(key)
        defer { release(key) }

        let revision: Int
        switch await read(token, key: key, for: request, in: store) {
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
        do {
            if try await store.replace(next, expected: revision) {
                stored[token] = (next.revision, visit.mark)
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

    // MARK: Steps

    /// Where a request stands on its session: this process holds it at the store's revision, or
    /// the request is answered already (the store did not answer, the session is gone or set aside).
    private enum Reading {
        case at(Int)
        case answered(WebResponse)
    }

    /// Brings this process's copy of a session to the store's revision. A process that holds the
    /// session at the revision the store has asks for the revision alone (a small read, where a
    /// reload writes nothing); otherwise the session is loaded and, if another process moved it
    /// on, made again.
    private func read(_ token: String, key: SessionKey, for request: WebRequest, in store: any SessionStore) async -> Reading {
        if let held = stored[token]?.revision, held != Self.unwritten, visit(for: token) != nil {
            do {
                if try await store.revision(of: key, now: now()) == held { return .at(held) }
            } catch {
                forget(token)
                return .answered(unavailable(error, for: request))
            }
        }
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
        stored[token] = (Self.unwritten, visit.mark)
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
        do {
            guard try await store.create(session, now: now()) else {
                forget(token)
                return refusal(500, \.sessionNotStarted, for: request)
            }
        } catch {
            forget(token)
            return unavailable(error, for: WebRequest(.get, "/", acceptLanguage: request.acceptLanguage))
        }
        stored[token] = (1, visit.mark)
        return response
    }

    /// Reads a session that another process changed first, tells the person the page was out of
    /// date, and sends them where the session now is.
    private func outOfDate(_ token: String, key: SessionKey, for request: WebRequest, in store: any SessionStore) async -> WebResponse {
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
        guard let visit = visit(for: token) else { return refusal(500, \.sessionNotReadAgain, for: request) }
        visit.notice = visit.layout.words.pageOutOfDate
        // The notice is kept if the session is still as read; if it moved on again, the person is
        // sent where it is all the same.
        if let next = try? saved(visit, as: key, revision: current.revision + 1) {
            if (try? await store.replace(next, expected: current.revision)) == true {
                stored[token] = (next.revision, visit.mark)
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
        stored[token] = (session.revision, visit.mark)
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
