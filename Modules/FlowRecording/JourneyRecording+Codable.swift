import FlowKernel
import FlowRuntime
import FlowSnapshot

// The recording's JSON is written for people as much as for programs: a step names what the
// person did under one key (`action`, `gesture` or `link`), a gesture as typed (`:back 2`), and
// keys with nothing to say are left out. Decoding checks the bounds (Limits) before it reads what
// they bound, so a hostile file is refused early with a clear error.

extension JourneyRecording: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, tags, start, steps, ending, unkept
    }

    /// Reads a recording, refusing one of a newer format or past ``Limits``.
    ///
    /// - Throws: `invalidRecording` for a newer format, too many
    ///   steps or lines, or a step that names nothing a person does; `DecodingError` for a
    ///   document without a recording's shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        if version > Self.currentVersion {
            throw FlowError(
                .invalidRecording,
                "The recording is of format \(version), newer than this FlowKit reads (\(Self.currentVersion)); it was made by a newer version.")
        }
        guard version == Self.currentVersion else {
            throw FlowError(.invalidRecording, "The recording's format \(version) is not one FlowKit ever wrote; formats start at 1.")
        }
        var list = try container.nestedUnkeyedContainer(forKey: .steps)
        if let count = list.count, count > Limits.maximumSteps {
            throw FlowError(.invalidRecording, "The recording has \(count) steps, more than the \(Limits.maximumSteps) a recording may have; it was not read.")
        }
        var steps: [RecordedStep] = []
        while !list.isAtEnd {
            guard steps.count < Limits.maximumSteps else {
                throw FlowError(.invalidRecording, "The recording has more than the \(Limits.maximumSteps) steps a recording may have; it was not read.")
            }
            steps.append(try list.decode(RecordedStep.self))
        }
        self.steps = steps
        tags = try container.decodeIfPresent([String: String].self, forKey: .tags) ?? [:]
        start = try container.decode(Start.self, forKey: .start)
        ending = try container.decodeIfPresent(String.self, forKey: .ending)
        unkept = try container.decodeIfPresent(Int.self, forKey: .unkept) ?? 0
        guard unkept >= 0 else { throw FlowError(.invalidRecording, "The recording's count of unkept steps is \(unkept), below 0.") }
    }

    /// Writes the recording, its format first.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
        try container.encode(start, forKey: .start)
        try container.encode(steps, forKey: .steps)
        try container.encodeIfPresent(ending, forKey: .ending)
        if unkept > 0 { try container.encode(unkept, forKey: .unkept) }
    }
}

extension JourneyRecording.Start: Codable {
    private enum CodingKeys: String, CodingKey {
        case from, navigation, app
    }

    /// Reads `{"from": "app"}` or `{"from": "snapshot", "navigation": ..., "app": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .from) {
        case "app": self = .app
        case "snapshot":
            let navigation: NavigationSnapshot
            do {
                navigation = try container.decode(NavigationSnapshot.self, forKey: .navigation)
            } catch let error as FlowError {
                throw FlowError(.invalidRecording, "The snapshot the recording starts from cannot be read: \(error.message)")
            }
            self = .snapshot(navigation, app: try container.decodeIfPresent(SavedValue.self, forKey: .app))
        case let other:
            throw FlowError(.invalidRecording, "The recording starts from \"\(other.prefix(40))\"; a recording starts from \"app\" or \"snapshot\".")
        }
    }

    /// Writes where the journey starts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .app:
            try container.encode("app", forKey: .from)
        case .snapshot(let navigation, let app):
            try container.encode("snapshot", forKey: .from)
            try container.encode(navigation, forKey: .navigation)
            try container.encodeIfPresent(app, forKey: .app)
        }
    }
}

extension RecordedStep: Codable {
    private enum CodingKeys: String, CodingKey {
        case action, argument, gesture, link, on, lines, refused, redacted
    }

    /// Reads a step: exactly one of `action` (with its `argument`), `gesture` or `link`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let named = [CodingKeys.action, .gesture, .link].filter(container.contains)
        guard named.count == 1 else {
            throw FlowError(
                .invalidRecording,
                named.isEmpty
                    ? "A step of the recording names no action, gesture or link."
                    : "A step of the recording names \(named.map(\.stringValue).joined(separator: " and ")); a step is one of them.")
        }
        switch named[0] {
        case .action:
            input = .action(try container.decode(String.self, forKey: .action), argument: try container.decodeIfPresent(SavedValue.self, forKey: .argument))
        case .gesture:
            let text = try container.decode(String.self, forKey: .gesture)
            guard let gesture = RecordedGesture(text) else {
                throw FlowError(
                    .invalidRecording, "\"\(text.prefix(40))\" is not a gesture; gestures are :back, :back <n>, :dismiss and :tab <n>.")
            }
            input = .gesture(gesture)
        default:
            input = .link(try container.decode(String.self, forKey: .link))
        }
        screen = try container.decodeIfPresent(String.self, forKey: .on)
        var list = try container.nestedUnkeyedContainer(forKey: .lines)
        if let count = list.count, count > JourneyRecording.Limits.maximumLinesPerStep {
            throw FlowError(
                .invalidRecording, "A step of the recording has \(count) lines, more than the \(JourneyRecording.Limits.maximumLinesPerStep) a step may have.")
        }
        var lines: [String] = []
        while !list.isAtEnd { lines.append(try list.decode(String.self)) }
        self.lines = lines
        refusal = try container.decodeIfPresent(String.self, forKey: .refused)
        redacted = try container.decodeIfPresent(Bool.self, forKey: .redacted) ?? false
    }

    /// Writes the step, leaving out what it does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch input {
        case .action(let name, let argument):
            try container.encode(name, forKey: .action)
            try container.encodeIfPresent(argument, forKey: .argument)
        case .gesture(let gesture):
            try container.encode(gesture.description, forKey: .gesture)
        case .link(let link):
            try container.encode(link, forKey: .link)
        }
        try container.encodeIfPresent(screen, forKey: .on)
        try container.encode(lines, forKey: .lines)
        try container.encodeIfPresent(refusal, forKey: .refused)
        if redacted { try container.encode(true, forKey: .redacted) }
    }
}
