import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// A product a screen is made with: Codable, so a snapshot keeps it.
struct SavedProduct: Codable, Hashable, Sendable {
    var name: String
    var price: Int
}

/// A value that is not Codable, so a snapshot can only note it.
struct Unsaveable {
    var closure: () -> Void = {}
}

final class ProductPage: StackScreen {
    weak var navigator: (any NavigatorHandle)?
    var product = SavedProduct(name: "", price: 0)
    var displayName: String { "Product \(product.name)" }
}

final class NotePage: NavigatedScreen {}

/// A screen only a signed-in person may see, with the session it asks.
final class AccountPage: Screen {
    static var signedIn = true
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        Self.signedIn ? .allow : .refuse(because: "the person is signed out")
    }
}

/// Saving a navigator's stack and bringing it back on a new host, through its arrival path.
@MainActor
@Suite("Stack navigator: saving and restoring", .serialized)
struct StackRestorationTests {
    static func registry(leaks: LeakTracker? = nil) -> ScreenRegistry {
        ScreenRegistry { registry in
            registry.register(First.self) { leaks?.track(First()) ?? First() }
            registry.register(Second.self) { leaks?.track(Second()) ?? Second() }
            registry.register(ProductPage.self, argument: SavedProduct.self) { product in
                let page = ProductPage()
                page.product = product
                return leaks?.track(page) ?? page
            }
            registry.register(NotePage.self, argument: Unsaveable.self) { _ in NotePage() }
            registry.register(AccountPage.self) { AccountPage() }
            registry.register(Third.self) { Third() }
            registry.register(ThirdModal.self) { leaks?.track(ThirdModal()) ?? ThirdModal() }
            registry.register(FourthModal.self) { FourthModal() }
        }
    }

    /// First -> Second -> Product Red shoes, with the ThirdModal presented.
    private func savedShop(_ configure: (StackNavigator<Int>) throws -> Void = { _ in }) throws -> NavigationSnapshot {
        let host = InMemoryHost()
        let navigator = StackNavigator<Int>("shop", registry: Self.registry(), root: First.self)
        try navigator.start(on: host)
        try navigator.goNext(to: Second.self)
        try navigator.goNext(to: ProductPage.self, argument: SavedProduct(name: "Red shoes", price: 59))
        try navigator.goNextAsModal(to: ThirdModal.self)
        try configure(navigator)
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        return snapshot
    }

    /// The snapshot written as JSON and read back, as an app does across launches.
    private func throughJSON(_ snapshot: NavigationSnapshot) throws -> NavigationSnapshot {
        let data = try JSONEncoder().encode(snapshot)
        return try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data))
    }

    private func restore(
        _ snapshot: NavigationSnapshot, on host: InMemoryHost, registry: ScreenRegistry = registry(), _ configure: (StackNavigator<Int>) -> Void = { _ in }
    ) -> (StackNavigator<Int>, RestorationReport) {
        let navigator = StackNavigator<Int>("shop", registry: registry)
        configure(navigator)
        let report = snapshot.restore(on: host) { saved in saved.id == "shop" ? navigator : nil }
        return (navigator, report)
    }

    @Test func aStackWithArgumentsAndAModalComesBackOnANewHostAsItWas() throws {
        let snapshot = try throughJSON(try savedShop())
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)

        let (navigator, report) = restore(snapshot, on: host)

        #expect(report.isComplete, "\(report)")
        #expect(report.description == "[shop] restored: First, Second, ProductPage({\"name\":\"Red shoes\",\"price\":59}), (modal) ThirdModal")
        #expect(navigator.stackState == "First -> Second -> Product Red shoes -> (modal) ThirdModal")
        #expect(host.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        #expect(
            recorder.transcript.lines == [
                "(restored) [shop] root [shop]",
                "(restored) [shop] start",
                "(restored) [shop] set [shop] to First, Second, Product Red shoes",
                "(restored) [shop] present ThirdModal over [shop]",
            ])
        // The restored navigator goes on as if never interrupted.
        try navigator.getBack(.modal)
        try navigator.getBack()
        #expect(navigator.stackState == "First -> Second")
        try navigator.finish(with: 3)
        #expect(navigator.outcome?.result == 3)
    }

    @Test func theSnapshotReadsAsJSONAPersonUnderstands() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(try savedShop()), as: UTF8.self)
        #expect(json.contains(#""argument":{"type":"SavedProduct","value":{"name":"Red shoes","price":59}}"#))
        #expect(json.contains(#""strategy":"stack""#))
        #expect(json.contains(#""version":1"#))
    }

    @Test func anArgumentThatIsNotCodableIsNotedAndTheTailIsCutFromIt() throws {
        let snapshot = try savedShop { navigator in
            try navigator.getBack(.modal)
            try navigator.goNext(to: NotePage.self, argument: Unsaveable())
            try navigator.goNext(to: Third.self)
        }
        let state = try #require(snapshot.flows.first?.state)
        #expect(state.description.contains(#""unsaved":"Unsaveable is not Codable""#))

        let host = InMemoryHost()
        let (navigator, report) = restore(try throughJSON(snapshot), on: host)

        #expect(navigator.stackState == "First -> Second -> Product Red shoes")
        #expect(
            report.entries(.repaired).map(\.description) == [
                "[shop] repaired: NotePage(Unsaveable) (cut: the argument of NotePage(Unsaveable) was not saved: Unsaveable is not Codable)",
                "[shop] repaired: Third (cut: the argument of NotePage(Unsaveable) was not saved: Unsaveable is not Codable)",
                "[host] repaired: the hierarchy (it differs from the saved one, as the lines above explain)",
            ])
    }

    @Test func aModalsWhenDismissedIsNotSavedSoItIsCutUnlessTheAppGivesItBack() throws {
        let snapshot = try throughJSON(
            try savedShop { navigator in
                try navigator.getBack(.modal)
                try navigator.goNextAsModal(to: ThirdModal.self, whenDismissed: {})
            })
        #expect(snapshot.flows.first?.state?.description.contains(#""whenDismissed":"a closure, which is not saved""#) == true)

        let (cut, cutReport) = restore(snapshot, on: InMemoryHost())
        #expect(cut.stackState == "First -> Second -> Product Red shoes")
        #expect(cutReport.entries(.repaired).first?.reason?.contains("give it back with restoringDismissal") == true)

        var dismissed = 0
        let (given, report) = restore(snapshot, on: InMemoryHost()) { navigator in
            navigator.restoringDismissal = { registration in registration.screenType == ScreenType(ThirdModal.self) ? { dismissed += 1 } : nil }
        }
        #expect(report.entries(.restored).count == 1 && report.entries(.repaired).isEmpty, "\(report)")
        try given.getBack(.modal)
        #expect(dismissed == 1)
    }

    @Test func aScreenAGuardRefusesIsNotRestoredAndTheReportSaysWhy() throws {
        AccountPage.signedIn = true
        defer { AccountPage.signedIn = true }
        let snapshot = try throughJSON(
            try savedShop { navigator in
                try navigator.getBack(.modal)
                try navigator.goNext(to: AccountPage.self)
                try navigator.goNextAsModal(to: ThirdModal.self)
            })
        AccountPage.signedIn = false

        let host = InMemoryHost()
        let (navigator, report) = restore(snapshot, on: host)

        #expect(navigator.stackState == "First -> Second -> Product Red shoes")
        #expect(report.entries(.repaired).map(\.subject) == ["AccountPage", "(modal) ThirdModal", "the hierarchy"])
        #expect(report.entries(.repaired).first?.reason?.contains("the person is signed out") == true)
    }

    @Test func aScreenNoLongerRegisteredCutsTheTail() throws {
        let snapshot = try throughJSON(try savedShop())
        let smaller = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            registry.register(Second.self) { Second() }
            registry.register(ThirdModal.self) { ThirdModal() }
        }
        let (navigator, report) = restore(snapshot, on: InMemoryHost(), registry: smaller)
        #expect(navigator.stackState == "First -> Second")
        #expect(report.entries(.repaired).first?.reason == #"cut: ProductPage({"name":"Red shoes","price":59}) is no longer registered"#)
    }

    @Test func anArgumentThatNoLongerReadsAsItsTypeCutsTheTail() throws {
        var snapshot = try savedShop()
        snapshot.flows[0].state = snapshot.flows[0].state?.replacingStrings("Red shoes", with: "x").replacing(price: .string("free"))
        let (navigator, report) = restore(snapshot, on: InMemoryHost())
        #expect(navigator.stackState == "First -> Second")
        #expect(report.entries(.repaired).first?.reason?.contains("no longer reads as a SavedProduct") == true)
    }

    @Test func aFlowWhoseFirstScreenCannotComeBackIsDroppedAndTheHostShowsNothing() throws {
        let snapshot = try throughJSON(try savedShop())
        let empty = ScreenRegistry { registry in registry.register(Second.self) { Second() } }
        let host = InMemoryHost()
        let (navigator, report) = restore(snapshot, on: host, registry: empty)
        #expect(navigator.phase == .ready)
        #expect(host.hierarchy.root == nil)
        #expect(report.entries.first?.outcome == .dropped)
        #expect(report.entries.first?.reason?.contains("First is no longer registered") == true)
    }

    @Test func restoringANavigatorThatRunsIsRefusedAndChangesNothing() throws {
        let snapshot = try savedShop()
        let host = InMemoryHost()
        let navigator = StackNavigator<Int>("shop", registry: Self.registry(), root: First.self)
        try navigator.start(on: host)
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try navigator.restore(snapshot.flows[0], on: host, parent: nil) }
        #expect(error?.code == .flowAlreadyStarted)
        #expect(host.hierarchy == before)
    }

    @Test func aStateOfAnotherShapeIsRefusedAndShowsNothing() throws {
        var snapshot = try savedShop()
        snapshot.flows[0].state = .object(["entries": .string("three")])
        let host = InMemoryHost()
        let (navigator, report) = restore(snapshot, on: host)
        #expect(navigator.phase == .ready)
        #expect(host.hierarchy.root == nil)
        #expect(report.entries.first?.reason?.hasPrefix("The stack flow 'shop' cannot read its saved state") == true)
    }

    @Test func aRestoredFlowEndsWithNothingLeaked() throws {
        let snapshot = try throughJSON(try savedShop())
        let leaks = LeakTracker()
        do {
            let host = InMemoryHost()
            let (navigator, report) = restore(snapshot, on: host, registry: Self.registry(leaks: leaks))
            #expect(report.isComplete)
            try navigator.finish(with: 1)
        }
        leaks.expectNoLeaks()
    }

    @Test func theAppsMigrationRenamesAScreenSavedByAnEarlierRelease() throws {
        // Release 1 called the second screen "OldSecond"; release 2 renamed it Second.
        var old = try savedShop()
        old.appVersion = 1
        old.flows[0].state = old.flows[0].state?.replacingStrings("Second", with: "OldSecond")
        let data = try JSONEncoder().encode(old)
        var migrations = SnapshotMigrations(appVersion: 2)
        migrations.add(from: 1) { document in document = document.replacingStrings("OldSecond", with: "Second") }

        let snapshot = try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data), migrations: migrations)
        #expect(snapshot.appVersion == 2)
        let (navigator, report) = restore(snapshot, on: InMemoryHost())
        #expect(report.isComplete, "\(report)")
        #expect(navigator.stackState == "First -> Second -> Product Red shoes -> (modal) ThirdModal")

        let unmigrated = NavigationSnapshot(appVersion: 3, hierarchy: nil, flows: [])
        let error = #expect(throws: FlowError.self) {
            try NavigationSnapshot(document: try SavedValue(encoding: unmigrated), migrations: migrations)
        }
        #expect(error?.message.contains("newer than this app's (2)") == true)
    }
}

extension SavedValue {
    /// The value with every `price` field set.
    fileprivate func replacing(price: SavedValue) -> SavedValue {
        switch self {
        case .array(let items): .array(items.map { $0.replacing(price: price) })
        case .object(let fields): .object(fields.reduce(into: [:]) { $0[$1.key] = $1.key == "price" ? price : $1.value.replacing(price: price) })
        default: self
        }
    }
}

/// A screen with a draft of its own.
final class DraftPage: StackScreen, StatefulScreen {
    weak var navigator: (any NavigatorHandle)?
    var draft = ""
    var savedState: String { draft }
    func restore(_ state: String) { draft = state }
}

/// The same type, without state of its own any more.
final class PlainDraftPage: StackScreen {
    weak var navigator: (any NavigatorHandle)?
}

@MainActor
@Suite("Stack navigator: a screen's own state")
struct StatefulScreenRestorationTests {
    @Test func aScreensOwnStateComesBackWithIt() throws {
        let registry = {
            ScreenRegistry {
                $0.register(First.self) { First() }
                $0.register(DraftPage.self) { DraftPage() }
            }
        }
        let host = InMemoryHost()
        let navigator = StackNavigator<Int>("shop", registry: registry(), root: First.self)
        try navigator.start(on: host)
        try navigator.goNext(to: DraftPage.self)
        (host.visibleScreen as? DraftPage)?.draft = "12 Rua Augusta"
        let snapshot = try NavigationSnapshot(document: try SavedValue(encoding: host.flows.snapshot(of: host)))
        host.flows.endAll()
        #expect(snapshot.flows[0].state?.description.contains(#""state":"12 Rua Augusta""#) == true)

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { _ in StackNavigator<Int>("shop", registry: registry()) }
        #expect(report.isComplete, "\(report)")
        #expect((restored.visibleScreen as? DraftPage)?.draft == "12 Rua Augusta")
        restored.flows.endAll()
    }

    @Test func aStateThatNoLongerReadsBackIsReportedAndTheScreenStays() throws {
        let page = DraftPage()
        #expect(ScreenState.restore(.int(3), to: page) == "the state of DraftPage no longer reads back: Expected a String, found an integer. (at the top)")
        #expect(page.draft == "")
        #expect(ScreenState.restore(.string("x"), to: PlainDraftPage()) == "PlainDraftPage no longer keeps state of its own")
        #expect(ScreenState.restore(nil, to: page) == nil)
        #expect(ScreenState.save(PlainDraftPage()) == nil)
    }
}
