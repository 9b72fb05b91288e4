import FlowKernel

/// Everything a host shows and every flow that runs on it, saved as one Codable value: what an
/// app keeps when it goes to the background, and brings back when it is launched again.
///
/// The snapshot holds the host's hierarchy (``SavedNode``, for people and for checking what a
/// restore brought back) and each running flow, parents before their children (``SavedFlow``),
/// with its strategy's own state: the screens it shows and the values that made them. Values
/// are kept when they are `Codable`; what cannot be kept — a closure, an argument that is not
/// `Codable` — is written into the snapshot as such (``SavedValue`` notes in the flow's state),
/// never dropped silently, and a restore cuts the flow's tail there and reports it.
///
/// ```swift
/// let snapshot = try host.flows.snapshot(of: host)
/// let data = try JSONEncoder().encode(snapshot)
/// // ...later, on a new host:
/// let document = try JSONDecoder().decode(SavedValue.self, from: data)
/// let saved = try NavigationSnapshot(document: document, migrations: migrations)
/// ```
///
/// Two versions travel in every snapshot: FlowKit's schema ``version``, which this build reads
/// only at ``currentVersion``, and the app's own ``appVersion``, which the app raises when its
/// navigation changes shape (a screen renamed, an argument's fields changed) and registers
/// ``SnapshotMigrations`` for, so that what a person saved under the last release still comes
/// back under this one.
public struct NavigationSnapshot: Codable, Hashable, Sendable {
    /// The schema version this build of FlowKit writes and reads.
    public static let currentVersion = 1

    /// FlowKit's schema version the snapshot was written in.
    public var version: Int
    /// The app's own version of its navigation when the snapshot was written (1 unless the app
    /// says otherwise).
    public var appVersion: Int
    /// What the host showed: its root node, or `nil` for nothing.
    public var hierarchy: SavedNode?
    /// The flows that ran, each before its children.
    public var flows: [SavedFlow]

    /// Makes a snapshot of FlowKit's current schema version.
    public init(appVersion: Int = 1, hierarchy: SavedNode?, flows: [SavedFlow]) {
        self.version = Self.currentVersion
        self.appVersion = appVersion
        self.hierarchy = hierarchy
        self.flows = flows
    }

    private enum CodingKeys: String, CodingKey {
        case version, appVersion, hierarchy, flows
    }

    /// Reads a snapshot of the current schema version, of any app version (read one the app has
    /// migrations for with ``init(document:migrations:)``).
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidSnapshot`` for another schema version, or the decoder's
    ///   error for a malformed snapshot.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        try Self.requireSchema(version)
        self.version = version
        self.appVersion = try container.decodeIfPresent(Int.self, forKey: .appVersion) ?? 1
        self.hierarchy = try container.decodeIfPresent(SavedNode.self, forKey: .hierarchy)
        self.flows = try container.decode([SavedFlow].self, forKey: .flows)
    }

    /// Reads a saved document, first running the app's migrations from the app version it was
    /// saved under to the app's current one, one version at a time.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidSnapshot``, and reads nothing, for a document that is
    ///   not an object with a schema version, that nests deeper than ``Limits/maximumDepth``,
    ///   whose schema version is not ``currentVersion``, whose app version is newer than the
    ///   app's or has no migration, or that does not have a snapshot's shape after its
    ///   migrations (the message says where).
    public init(document: SavedValue, migrations: SnapshotMigrations = SnapshotMigrations()) throws {
        guard document.depth <= Limits.maximumDepth else {
            throw FlowError(.invalidSnapshot, "The saved navigation nests deeper than \(Limits.maximumDepth) levels; it is not a snapshot FlowKit wrote.")
        }
        guard case .int(let version) = document["version"] ?? .null else {
            throw FlowError(.invalidSnapshot, "The saved navigation has no schema version; it is not a snapshot FlowKit wrote.")
        }
        try Self.requireSchema(version)
        var appVersion = 1
        switch document["appVersion"] {
        case nil: break
        case .int(let saved)?: appVersion = saved
        case let other?: throw FlowError(.invalidSnapshot, "The saved navigation's app version is \(other.kind), not an integer.")
        }
        try migrations.requireReadable(appVersion)
        var migrated = document
        for from in appVersion..<migrations.appVersion {
            guard let migrate = migrations.steps[from] else { break }
            do {
                try migrate(&migrated)
            } catch {
                throw FlowError(.invalidSnapshot, "The app's migration from version \(from) failed: \(FlowError.wrapping(error).message)")
            }
            guard case .object(var fields) = migrated else {
                throw FlowError(.invalidSnapshot, "The app's migration from version \(from) did not leave an object.")
            }
            fields["appVersion"] = .int(from + 1)
            migrated = .object(fields)
        }
        do {
            self = try migrated.decode(NavigationSnapshot.self)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.invalidSnapshot, "The saved navigation does not have a snapshot's shape: \(Self.explain(error))")
        }
    }

    /// Refuses a schema version this build cannot read.
    static func requireSchema(_ version: Int) throws {
        if version > currentVersion {
            throw FlowError(
                .invalidSnapshot,
                "The saved navigation is of schema version \(version), newer than this FlowKit reads (\(currentVersion)); it was saved by a newer version of the app."
            )
        }
        if version != currentVersion {
            throw FlowError(.invalidSnapshot, "The saved navigation's schema version \(version) is not one FlowKit ever wrote; versions start at 1.")
        }
    }

    /// A decoding error as one sentence for people: what was wrong, and where.
    public static func explain(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "at the top" : "at \(keys)"
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context): return "\(key.stringValue) is missing \(path(context))."
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return "\(context.debugDescription) (\(path(context)))"
        default: return "\(error)"
        }
    }

    /// The bounds a snapshot stays within, so hostile data is refused before it is walked.
    public enum Limits {
        /// How deep a saved document may nest. A real navigation nests a few levels per flow.
        public static let maximumDepth = 512
        /// How many bytes a saved document may have; check it before decoding the bytes.
        public static let maximumBytes = 16 << 20
    }

    /// Refuses a document larger than ``Limits/maximumBytes`` before anything decodes it.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidSnapshot`` for too many bytes.
    public static func checkSize(_ byteCount: Int) throws {
        guard byteCount <= Limits.maximumBytes else {
            throw FlowError(
                .invalidSnapshot, "The saved navigation has \(byteCount) bytes, more than the \(Limits.maximumBytes) a snapshot may have; it was not read.")
        }
    }
}

/// The app's own version of its navigation, and the migrations from each older version to
/// the next: what a snapshot saved by an earlier release of the app needs to come back.
///
/// A migration edits the saved document in place (a ``SavedValue`` with the snapshot's JSON
/// shape); FlowKit sets its app version afterwards.
///
/// ```swift
/// var migrations = SnapshotMigrations(appVersion: 2)
/// migrations.add(from: 1) { document in
///     document = document.replacingStrings("BasketScreen", with: "CartScreen")
/// }
/// ```
public struct SnapshotMigrations: Sendable {
    /// The app's current version of its navigation, which its snapshots are written in.
    public let appVersion: Int
    var steps: [Int: @Sendable (inout SavedValue) throws -> Void] = [:]

    /// No migrations, for an app whose navigation is at `appVersion`.
    public init(appVersion: Int = 1) {
        self.appVersion = appVersion
    }

    /// Registers how a document of app version `version` becomes one of `version + 1`; a second
    /// migration from the same version replaces the first.
    public mutating func add(from version: Int, _ migrate: @escaping @Sendable (inout SavedValue) throws -> Void) {
        steps[version] = migrate
    }

    /// Refuses an app version the app cannot read: newer than its own, or older with a missing
    /// migration.
    func requireReadable(_ version: Int) throws {
        if version > appVersion {
            throw FlowError(
                .invalidSnapshot,
                "The saved navigation is of app version \(version), newer than this app's (\(appVersion)); it was saved by a newer release of the app.")
        }
        if version < 1 {
            throw FlowError(.invalidSnapshot, "The saved navigation's app version \(version) is not one an app writes; versions start at 1.")
        }
        if let missing = (version..<appVersion).first(where: { steps[$0] == nil }) {
            throw FlowError(
                .invalidSnapshot,
                "The saved navigation is of app version \(version), and the app registers no migration from version \(missing) to \(missing + 1).")
        }
    }
}

extension SavedValue {
    /// The value with every string equal to `old` replaced by `new`, at any depth: a migration's
    /// way to rename a screen type or a flow.
    public func replacingStrings(_ old: String, with new: String) -> SavedValue {
        switch self {
        case .string(old): .string(new)
        case .array(let items): .array(items.map { $0.replacingStrings(old, with: new) })
        case .object(let fields): .object(fields.mapValues { $0.replacingStrings(old, with: new) })
        default: self
        }
    }
}
