/// What a user typed: an action's name or number, and an argument for actions that take one.
public struct Command: Equatable, Sendable {
    /// The action's name, or its number in the list as text.
    public let word: String
    /// Everything after the first word, if anything.
    public let argument: String?

    /// The word as commands are matched: in lower case, so `Start`, `start` and `START` name the
    /// same action. ``word`` keeps it as typed, for messages that repeat it.
    public var key: String { word.lowercased() }

    /// Splits a line at the first space: `email ana@example.com`.
    ///
    /// - Returns: `nil` for a blank line.
    public init?(_ line: String) {
        let trimmed = line.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if let space = trimmed.firstIndex(of: " ") {
            word = String(trimmed[..<space])
            let rest = String(trimmed[space...]).trimmingSpaces
            argument = rest.isEmpty ? nil : rest
        } else {
            word = trimmed
            argument = nil
        }
    }

    /// The commands of a script: actions separated by commas.
    ///
    /// - Throws: ``ScriptError`` naming the first empty step.
    public static func script(_ text: String) throws -> [Command] {
        let steps = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return try steps.enumerated().map { index, step in
            guard let command = Command(step) else {
                throw ScriptError(
                    description: "Step \(index + 1) of the script is empty; separate actions with single commas, as in \"start,email ana@example.com\".")
            }
            return command
        }
    }

    /// The command as typed.
    public var text: String { argument.map { "\(word) \($0)" } ?? word }
}

/// A script that cannot be read.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with it, for people.
    public let description: String
}

extension String {
    /// How many characters of typed text a message repeats.
    static let echoLimit = 40

    /// Typed text as a message repeats it: whole when short, else its first characters and how
    /// many more there were, so a message never repeats a megabyte back.
    public var echoed: String {
        // Cut by scalars: one character may join any number of them, a scalar is at most 4 bytes.
        let scalars = unicodeScalars
        guard scalars.count > Self.echoLimit else { return self }
        var start = String.UnicodeScalarView()
        start.append(contentsOf: scalars.prefix(Self.echoLimit))
        let shown = String(start)
        return "\(shown)… (\(utf8.count - shown.utf8.count) more bytes)"
    }

    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
