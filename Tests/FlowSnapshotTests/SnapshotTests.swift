import FlowKernel
import FlowSnapshot
import Foundation
import Testing

/// A value with every shape Codable has: nested structs, enums with payloads, optionals, lists,
/// dictionaries and integers of every width.
private struct Everything: Codable, Hashable {
    enum Choice: Codable, Hashable {
        case none
        case some(Int, label: String)
    }

    class Base: Codable {
        var base = 1
    }

    var name = "Red shoes"
    var price = 59.5
    var count: Int8 = -3
    var big: UInt32 = 4_000_000_000
    var flag = true
    var missing: String? = nil
    var present: String? = "here"
    var list = [1, 2, 3]
    var nested = [[String: Int]](arrayLiteral: ["a": 1], ["b": 2])
    var choice = Choice.some(7, label: "seven")
    var other = Choice.none
    var float: Float = 1.5
}

@Suite("Saved values and snapshots")
struct SnapshotTests {
    @Test func everyShapeOfCodableSurvivesASavedValueAndJSON() throws {
        let value = Everything()
        let saved = try SavedValue(encoding: value)
        #expect(try saved.decode(Everything.self) == value)
        #expect(saved["missing"] == nil)
        #expect(saved["count"] == .int(-3))

        let json = try JSONEncoder().encode(saved)
        let read = try JSONDecoder().decode(SavedValue.self, from: json)
        #expect(read == saved)
        #expect(try read.decode(Everything.self) == value)
    }

    @Test func aValuePastWhatAnIntHoldsIsRefusedWhenSaved() {
        #expect(throws: EncodingError.self) { try SavedValue(encoding: UInt64.max) }
    }

    @Test func aFlowsStateIsSavedAsItsCodableFormLeavingOutWhatItLacks() throws {
        struct State: Codable, Equatable {
            var screen: String
            var tab: Int?
            var note: SavedValue?
        }
        let state = State(screen: "Home", tab: 2, note: nil)
        let saved = SavedValue(flowState: state)
        #expect(saved == .object(["screen": .string("Home"), "tab": .int(2)]))
        #expect(try saved.decode(State.self) == state)
    }

    @Test func aFlowsStateThatCannotBeEncodedIsSavedAsANoteThatSaysWhy() {
        let saved = SavedValue(flowState: ["count": UInt64.max])
        guard case .object(let fields) = saved, case .string(let note)? = fields["unsaved"] else {
            Issue.record("Expected a note, got \(saved)")
            return
        }
        #expect(note.hasPrefix("the state could not be encoded"))
        #expect(fields.count == 1)
    }

    @Test func aValueOfTheWrongShapeIsRefusedWithWhereItWas() {
        let saved = SavedValue.object(["name": .int(3)])
        let error = #expect(throws: DecodingError.self) { try saved.decode(Everything.self) }
        #expect(NavigationSnapshot.explain(error!).contains("at .name"))
        #expect(throws: DecodingError.self) { try SavedValue.int(300).decode(Int8.self) }
        #expect(throws: DecodingError.self) { try SavedValue.string("1").decode(Int.self) }
        #expect(throws: DecodingError.self) { try SavedValue.array([]).decode([String: Int].self) }
    }

    @Test func aSnapshotRoundTripsThroughJSON() throws {
        let snapshot = NavigationSnapshot(
            appVersion: 4,
            hierarchy: SavedNode(HierarchyNode(.stack("shop"))),
            flows: [SavedFlow(id: "shop", strategy: "stack", parent: nil, placement: .tab(in: "tabs", at: 1, item: TabItem(title: "Cart")), state: .array([]))])
        let data = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(NavigationSnapshot.self, from: data) == snapshot)
        var migrations = SnapshotMigrations(appVersion: 4)
        migrations.add(from: 3) { _ in }
        #expect(try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data), migrations: migrations) == snapshot)
    }

    /// Each hostile document, and the start of the message it is refused with.
    static let hostile: [(name: String, document: SavedValue, message: String)] = [
        ("not an object", .array([]), "The saved navigation has no schema version"),
        ("no version", .object(["flows": .array([])]), "The saved navigation has no schema version"),
        ("a version as text", .object(["version": .string("1"), "flows": .array([])]), "The saved navigation has no schema version"),
        ("a newer schema", .object(["version": .int(2), "flows": .array([])]), "The saved navigation is of schema version 2, newer than this FlowKit"),
        ("a schema of 0", .object(["version": .int(0), "flows": .array([])]), "The saved navigation's schema version 0 is not one FlowKit ever wrote"),
        ("a newer app", .object(["version": .int(1), "appVersion": .int(9), "flows": .array([])]), "The saved navigation is of app version 9, newer"),
        ("an app version of 0", .object(["version": .int(1), "appVersion": .int(0), "flows": .array([])]), "The saved navigation's app version 0"),
        (
            "an app version as text", .object(["version": .int(1), "appVersion": .string("2"), "flows": .array([])]),
            "The saved navigation's app version is a string"
        ),
        ("flows missing", .object(["version": .int(1)]), "The saved navigation does not have a snapshot's shape: flows is missing"),
        ("a flow of the wrong shape", .object(["version": .int(1), "flows": .array([.int(1)])]), "The saved navigation does not have a snapshot's shape"),
        (
            "a node of an unknown kind",
            .object(["version": .int(1), "flows": .array([]), "hierarchy": .object(["kind": .string("window"), "name": .string("x")])]),
            "The saved navigation does not have a snapshot's shape"
        ),
    ]

    @Test(arguments: hostile.map(\.name))
    func aHostileDocumentIsRefusedWithAClearError(_ name: String) throws {
        let (_, document, message) = try #require(Self.hostile.first { $0.name == name })
        let error = #expect(throws: FlowError.self) { try NavigationSnapshot(document: document) }
        #expect(error?.code == .invalidSnapshot)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test func anOlderAppVersionWithoutItsMigrationIsRefused() {
        let document = SavedValue.object(["version": .int(1), "appVersion": .int(1), "flows": .array([])])
        var migrations = SnapshotMigrations(appVersion: 3)
        migrations.add(from: 2) { _ in }
        let error = #expect(throws: FlowError.self) { try NavigationSnapshot(document: document, migrations: migrations) }
        #expect(error?.message == "The saved navigation is of app version 1, and the app registers no migration from version 1 to 2.")
    }

    @Test func aMigrationThatFailsOrLeavesNoObjectIsRefused() {
        let document = SavedValue.object(["version": .int(1), "flows": .array([])])
        struct Broken: Error {}
        var throwing = SnapshotMigrations(appVersion: 2)
        throwing.add(from: 1) { _ in throw Broken() }
        #expect(throws: FlowError.self) { try NavigationSnapshot(document: document, migrations: throwing) }
        var emptying = SnapshotMigrations(appVersion: 2)
        emptying.add(from: 1) { document in document = .null }
        let error = #expect(throws: FlowError.self) { try NavigationSnapshot(document: document, migrations: emptying) }
        #expect(error?.message == "The app's migration from version 1 did not leave an object.")
    }

    @Test func aDocumentNestedPastTheLimitIsRefusedBeforeItIsRead() {
        var deep = SavedValue.null
        for _ in 0..<(NavigationSnapshot.Limits.maximumDepth + 1) { deep = .array([deep]) }
        let document = SavedValue.object(["version": .int(1), "flows": deep])
        let error = #expect(throws: FlowError.self) { try NavigationSnapshot(document: document) }
        #expect(error?.message.hasPrefix("The saved navigation nests deeper than 512 levels") == true)
    }

    @Test func jsonNested100000DeepIsRefusedWithoutACrash() {
        let json = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(SavedValue.self, from: json) }
    }

    @Test func aDocumentPastTheSizeLimitIsRefusedBeforeItIsDecoded() throws {
        try NavigationSnapshot.checkSize(1_000)
        let error = #expect(throws: FlowError.self) { try NavigationSnapshot.checkSize(100 << 20) }
        #expect(error?.message == "The saved navigation has 104857600 bytes, more than the 16777216 a snapshot may have; it was not read.")
    }

    @Test func truncatedJSONIsADecodingErrorNotACrash() throws {
        let snapshot = NavigationSnapshot(hierarchy: nil, flows: [SavedFlow(id: "shop", strategy: "stack", parent: nil, placement: .root, state: .null)])
        let data = try JSONEncoder().encode(snapshot)
        for cut in stride(from: 0, to: data.count - 1, by: 7) {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(SavedValue.self, from: data.prefix(cut)) }
        }
    }
}
