import FlowWeb
import Foundation

/// A session as a site's state endpoint tells it, for tests: `GET /.flowkit/state` answers it on a
/// site that ``/FlowWeb/FlowSite/exposesState`` (never a site people use), for the visitor's own session.
///
/// ```json
/// {"page": "/p/3", "agrees": true, "drifts": [], "transcript": ["[shop] push Catalog onto [shop]"]}
/// ```
///
/// The browser suite reads it after every step; ``SiteVisitor/state()`` reads it in Swift.
public struct SiteState: Decodable, Hashable, Sendable {
    /// The address of the page the person sees.
    public var page: String
    /// Whether the pages show what the model holds, with nothing waiting.
    public var agrees: Bool
    /// Each time the pages and the model were found apart, with the revision and what each showed.
    public var drifts: [String]
    /// The model's events as transcript lines, earlier processes' included: empty unless the app
    /// gives its visits a transcript (``/FlowWeb/WebVisit/init(host:owner:transcript:page:ended:saving:)``'s
    /// `transcript`, such as `{ recorder.transcript.lines }` of a FlowTestKit `TranscriptRecorder`
    /// observing the visit's host).
    public var transcript: [String]

    /// Reads the state endpoint's answer; `nil` for any other answer.
    init?(_ response: WebResponse) {
        guard response.status == 200, response.contentType == "application/json",
            let state = try? JSONDecoder().decode(SiteState.self, from: Data(response.body.utf8))
        else { return nil }
        self = state
    }
}
