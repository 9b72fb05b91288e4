import FlowKernel
import FlowRuntime
import FlowSnapshot

/// Records what the person does in an app — screen actions with their arguments, gestures, links
/// — with the transcript lines each step produces, from a known start: the app's start, or a
/// snapshot of a moment. Small enough to leave on in production: a recording is a bounded ring of
/// the last steps, ready to attach to a bug report.
///
/// The app runs each action and link it wants recorded through the recorder
/// (``record(_:redactedFrom:_:)``); the person's gestures are recorded from the host's events
/// (or, better, made through ``perform(_:)``, which also lets the ring move on).
///
/// ```swift
/// let recorder = try JourneyRecorder(on: host, appState: { try SavedValue(encoding: model.saved) })
/// try recorder.record(.action("email", argument: .string(address))) { try signIn(address) }
/// try recorder.perform(.back(1))
/// let data = try JSONEncoder().encode(recorder.recording)
/// ```
///
/// ## The ring
///
/// The recorder keeps at most `2 × keepingLast` steps. Once a stretch holds `keepingLast`, it takes
/// a checkpoint — a snapshot of the navigation and the app's state — at the next quiet moment (the
/// start of a step made through the recorder, or ``checkpoint()``), and forgets the stretch before
/// the previous checkpoint. A recording starts at the oldest checkpoint kept. Gestures the
/// platform reports are no quiet moment (the host has changed when the recorder hears of them):
/// if a full ring meets only those, the recorder stops keeping steps until the next quiet moment,
/// and the recording says how many it did not keep (``JourneyRecording/unkept``).
@MainActor
public final class JourneyRecorder: FlowObserver {
    /// The host the recorder listens to; weak, so a recorder never keeps an app's host alive.
    private weak var host: (any FlowHost)?
    private let limit: Int
    private let appVersion: Int
    private let appState: (@MainActor () throws -> SavedValue?)?
    /// The stretches kept, each from a start: at most two.
    /// Hot stored properties skip the runtime's exclusivity checks (as FlowStage's host does):
    /// the recorder runs on the main actor and never lends them out across a call that could
    /// reach back into it.
    @exclusivity(unchecked) private var stretches: [Stretch]
    /// Whether a step made through the recorder runs, and whether the ring keeps it.
    @exclusivity(unchecked) private var isOpen = false
    @exclusivity(unchecked) private var isOpenKept = false
    /// Steps the ring could not keep since its last checkpoint.
    @exclusivity(unchecked) private var unkept = 0
    /// What the person typed and the stand-in a recording shows instead, for redacted arguments.
    private var redactions: [(original: String, standIn: String)] = []

    /// A start and the steps after it. The events of all its steps are kept in one list, each
    /// step's from its `firstEvent` on: no list per step to make and free, which is most of what
    /// recording a step would cost.
    private struct Stretch {
        var start: JourneyRecording.Start
        var steps: [Step] = []
        var events: [FlowEvent] = []

        /// The events of the step at an index.
        func events(of index: Int) -> ArraySlice<FlowEvent> {
            let end = index + 1 < steps.count ? steps[index + 1].firstEvent : events.count
            return events[steps[index].firstEvent..<end]
        }
    }

    private struct Step {
        var input: RecordedStep.Input
        var screen: String?
        var firstEvent: Int
        var refusal: String?
        var redacted: Bool
    }

    /// Starts recording what happens on a host: from the app's start when no flow runs on it yet,
    /// else from a checkpoint of this moment.
    ///
    /// - Parameters:
    ///   - host: The host the app shows on; the recorder adds itself to its observers (``stop()``
    ///     removes it).
    ///   - limit: How many steps a stretch between checkpoints holds; the recorder keeps between
    ///     `limit` and `2 × limit` of the last steps.
    ///   - appVersion: The app's version of its navigation, written in each checkpoint's snapshot.
    ///   - appState: The app's own state a replay needs beside the navigation (who is signed in,
    ///     the cart), saved at each checkpoint; `nil` for an app whose navigation is all its
    ///     state. The recorder replaces redacted arguments' text in it; anything else private in
    ///     it is the app's to leave out.
    ///   - atAppStart: Whether the app's root flow has just started and nothing else has happened,
    ///     so the recording starts from the app's start (which a replay makes by starting the app)
    ///     instead of a checkpoint. A host with no flow running is always at the app's start.
    /// - Throws: ``/FlowKernel/FlowError/Code/indexOutOfRange`` for a limit below 1; whatever
    ///   `appState` throws. The host is not observed then.
    public init(
        on host: any FlowHost, keepingLast limit: Int = 500, appVersion: Int = 1, appState: (@MainActor () throws -> SavedValue?)? = nil,
        atAppStart: Bool = false
    ) throws {
        guard limit >= 1 else { throw FlowError(.indexOutOfRange, "A recorder keeps at least 1 step, not \(limit).") }
        self.host = host
        self.limit = limit
        self.appVersion = appVersion
        self.appState = appState
        let start: JourneyRecording.Start =
            host.flows.isEmpty || atAppStart ? .app : .snapshot(host.flows.snapshot(of: host, appVersion: appVersion), app: try appState?())
        stretches = [Stretch(start: start)]
        host.addObserver(self)
    }

    /// Stops listening to the host; the recording made so far stays readable.
    public func stop() {
        host?.removeObserver(self)
    }

    // MARK: Steps

    /// Does one thing the person did and records it as one step, with the transcript lines it
    /// produced and, when `body` throws, the code of its error (then rethrown). A call made while
    /// another step runs is part of that step.
    ///
    /// - Parameters:
    ///   - input: What the person did: a screen action with its argument (a stand-in, when the
    ///     argument is private), or a link.
    ///   - original: When the argument is a stand-in, the text of what the person typed: it is
    ///     replaced by the stand-in's text in every line and snapshot the recording keeps.
    ///   - body: Does it, as the screen's control or the platform would.
    public func record(_ input: RecordedStep.Input, redactedFrom original: String? = nil, _ body: () throws -> Void) rethrows {
        guard !isOpen else {
            try body()
            return
        }
        if let original, case .action(_, let standIn?) = input {
            redact(original, as: standIn.text)
        }
        let kept = makeRoom()
        let last = stretches.count - 1
        if kept {
            let step = Step(
                input: input, screen: host.map(Self.visibleName(on:)), firstEvent: stretches[last].events.count, refusal: nil, redacted: original != nil)
            stretches[last].steps.append(step)
        }
        isOpen = true
        isOpenKept = kept
        defer { isOpen = false }
        do {
            try body()
        } catch {
            if kept { stretches[last].steps[stretches[last].steps.count - 1].refusal = Self.code(of: error) }
            throw error
        }
    }

    /// Keeps a text out of the recording from now on: every line, and the snapshot and app state
    /// of every checkpoint, show the stand-in instead (where the text stands alone in a line, or
    /// is a whole string of the state). For what is private and reached the app before recording
    /// began: the address of someone signed in, say.
    ///
    /// - Parameters:
    ///   - text: What the recording must not keep; empty text is ignored.
    ///   - standIn: What it shows instead.
    public func redact(_ text: String, as standIn: String) {
        guard !text.isEmpty, text != standIn, !redactions.contains(where: { $0.original == text }) else { return }
        redactions.append((text, standIn))
    }

    /// Makes one of the person's gestures on the host and records it as one step.
    ///
    /// - Throws: what ``RecordedGesture/perform(on:)`` throws; nothing changes then, and the
    ///   step is recorded as refused.
    public func perform(_ gesture: RecordedGesture) throws {
        guard let host else { throw FlowError(.notFound, "The recorder's host is gone.") }
        try record(.gesture(gesture)) { try gesture.perform(on: host) }
    }

    /// Receives the host's events: each goes to the step it belongs to, and a gesture the host
    /// reports outside any step begins a step of its own.
    public func receive(_ event: FlowEvent) {
        let last = stretches.count - 1
        if isOpen {
            if isOpenKept { stretches[last].events.append(event) }
            return
        }
        // A flow's own event (most of them) is never a gesture: no origin to compare.
        if event.origin.flow == nil, event.origin == .user, let host, let gesture = RecordedGesture(madeBy: event, on: host) {
            guard stretches[last].steps.count < 2 * limit, unkept == 0 else {
                unkept += 1
                return
            }
            let refusal: String? = if case .gestureRefused = event.change { FlowError.Code.gestureRefused.name } else { nil }
            stretches[last].steps.append(
                Step(input: .gesture(gesture), screen: nil, firstEvent: stretches[last].events.count, refusal: refusal, redacted: false))
            stretches[last].events.append(event)
            return
        }
        // What follows a step (a flow following the person's gesture) belongs to it; anything
        // before the first step of a stretch is part of its start.
        guard unkept == 0, !stretches[last].steps.isEmpty else { return }
        stretches[last].events.append(event)
    }

    // MARK: The ring

    /// Takes a checkpoint now: a snapshot of the navigation and the app's state, from which the
    /// steps that follow replay. Call it at quiet moments the recorder cannot see (when the app
    /// saves its state, say); the recorder takes its own before steps made through it.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/reentrantNavigation`` while a step runs;
    ///   `notFound` once the host is gone; whatever `appState` throws. Nothing changes then.
    public func checkpoint() throws {
        guard !isOpen else { throw FlowError(.reentrantNavigation, "A checkpoint is taken between steps, not while one runs.") }
        guard let host else { throw FlowError(.notFound, "The recorder's host is gone.") }
        let start = JourneyRecording.Start.snapshot(host.flows.snapshot(of: host, appVersion: appVersion), app: try appState?())
        // A stretch with steps missing at its end cannot lead into the next: it goes.
        if unkept > 0 { stretches.removeAll() }
        stretches.append(Stretch(start: start))
        if stretches.count > 2 { stretches.removeFirst(stretches.count - 2) }
        unkept = 0
    }

    /// Before a step made through the recorder: a checkpoint when the stretch is full. Whether the
    /// step can be kept.
    private func makeRoom() -> Bool {
        let count = stretches[stretches.count - 1].steps.count
        if count >= limit || unkept > 0 {
            // An app state that cannot be saved now leaves the stretch growing to its bound.
            try? checkpoint()
        }
        if stretches[stretches.count - 1].steps.count >= 2 * limit || unkept > 0 {
            unkept += 1
            return false
        }
        return true
    }

    // MARK: The recording

    /// The recording of the steps kept: from the oldest checkpoint kept (or the app's start), with
    /// redacted arguments' text replaced in every line.
    public var recording: JourneyRecording {
        let steps = stretches.flatMap { stretch in
            stretch.steps.indices.map { index in
                let step = stretch.steps[index]
                let lines = stretch.events(of: index).map { redact($0.description) }
                return RecordedStep(step.input, screen: step.screen, lines: lines, refusal: step.refusal, redacted: step.redacted)
            }
        }
        let ending = unkept > 0 ? nil : host.map(Self.visibleName(on:))
        return JourneyRecording(start: redact(stretches[0].start), steps: steps, ending: ending.map(redact), unkept: unkept, tags: tags)
    }

    /// What the app says about the run, written in every recording (``JourneyRecording/tags``).
    public var tags: [String: String] = [:]

    /// How many steps the recorder keeps now.
    public var count: Int { stretches.reduce(0) { $0 + $1.steps.count } }

    private func redact(_ line: String) -> String {
        var line = line
        for (original, standIn) in redactions where line.contains(original) {
            line = Self.replacingWhole(original, with: standIn, in: line)
        }
        return line
    }

    /// A line with each occurrence of `original` that stands alone — no letter or digit right
    /// before or after it — replaced: a redacted `ana` leaves `Banana` as it is.
    static func replacingWhole(_ original: String, with standIn: String, in line: String) -> String {
        var result = ""
        var position = line.startIndex
        for found in line.ranges(of: original) {
            let before = found.lowerBound > line.startIndex ? line[line.index(before: found.lowerBound)] : " "
            let after = found.upperBound < line.endIndex ? line[found.upperBound] : " "
            result += line[position..<found.lowerBound]
            result += before.isLetterOrDigit || after.isLetterOrDigit ? String(line[found]) : standIn
            position = found.upperBound
        }
        return result + line[position...]
    }

    private func redact(_ start: JourneyRecording.Start) -> JourneyRecording.Start {
        guard case .snapshot(let navigation, let app) = start, !redactions.isEmpty else { return start }
        func scrub(_ value: SavedValue) -> SavedValue {
            redactions.reduce(value) { $0.replacingStrings($1.original, with: $1.standIn) }
        }
        // The navigation holds arguments and contexts too (a signed-in user passed on); when it
        // cannot be rewritten, it is left out rather than kept with what the person typed.
        let document = try? SavedValue(encoding: navigation)
        guard let document, let scrubbed = try? NavigationSnapshot(document: scrub(document)) else {
            return .snapshot(NavigationSnapshot(appVersion: navigation.appVersion, hierarchy: nil, flows: []), app: app.map(scrub))
        }
        return .snapshot(scrubbed, app: app.map(scrub))
    }

    /// The name of what a person sees on a host: the visible screen's, or `(nothing shown)`.
    static func visibleName(on host: any PresentationHost) -> String {
        host.visibleScreenRef?.displayName ?? "(nothing shown)"
    }

    /// What a recording keeps of an error: a ``/FlowKernel/FlowError``'s code, else the error's
    /// type.
    static func code(of error: any Error) -> String {
        (error as? FlowError)?.code.name ?? "\(type(of: error))"
    }
}

extension SavedValue {
    /// A string's own text, any other value's description: how a value appears in a line.
    var text: String {
        if case .string(let text) = self { return text }
        return description
    }
}

extension Character {
    var isLetterOrDigit: Bool { isLetter || isNumber }
}
