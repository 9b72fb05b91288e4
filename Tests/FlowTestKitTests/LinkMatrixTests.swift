import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// The link matrix opens one link from every starting state and fails where it should.
@MainActor
@Suite("Link matrix")
struct LinkMatrixTests {
    /// A host whose root a "link" replaces with a screen of the link's name, reporting its arrival.
    final class Named: Screen {
        let displayName: String
        init(_ name: String) { displayName = name }
    }

    static func open(_ host: InMemoryHost, _ link: String) throws {
        guard link.hasPrefix("app://") else { throw FlowError(.notFound, "not an app link") }
        try host.setRoot(.screen(Named(String(link.dropFirst(6)))))
        host.report(FlowEvent(.note("arrive", detail: link), origin: FlowEvent.Origin(source: "link")))
    }

    static let starts: [LinkStart<InMemoryHost>] = [
        .freshStart,
        LinkStart("something shown") { try $0.setRoot(.screen(Named("Before"))) },
    ]

    static func matrix(open: @escaping @MainActor (InMemoryHost, String) throws -> Void = open) -> LinkMatrix<InMemoryHost> {
        LinkMatrix(starts: starts, make: { InMemoryHost() }, host: { $0 }, open: open)
    }

    @Test func eachStartingStateIsReachedOnAFreshSubjectAndReadAfterTheLink() throws {
        let arrivals = try Self.matrix().open("app://Home")
        #expect(arrivals.map(\.start) == ["fresh start", "something shown"])
        #expect(arrivals.map(\.rendered) == ["Named \"Home\"", "Named \"Home\""])
        #expect(arrivals.allSatisfy { $0.transcript.lines == ["root Home", "(link) arrive app://Home"] })
        #expect(arrivals.allSatisfy { $0.error == nil })
        try Self.matrix().expect("app://Home", arrivesAt: "Named \"Home\"")
    }

    @Test func aRefusalIsReportedPerStartingState() throws {
        let arrivals = try Self.matrix().open("web://Home")
        #expect(arrivals.map { $0.error?.code } == [.notFound, .notFound])
        let issues = try CheckIssues.collected { try Self.matrix().expect("web://Home", arrivesAt: "Named \"Home\"") }
        #expect(issues.count == 2 && issues.allSatisfy { $0.contains("was refused") }, "\(issues)")
    }

    @Test func anotherHierarchyOrArrivingTwiceFails() throws {
        let elsewhere = try CheckIssues.collected { try Self.matrix().expect("app://Home", arrivesAt: "Named \"Elsewhere\"") }
        #expect(!elsewhere.isEmpty && elsewhere.allSatisfy { $0.contains("shows another hierarchy") }, "\(elsewhere)")
        let twice = Self.matrix { host, link in
            try Self.open(host, link)
            try Self.open(host, link)
        }
        let arrivedTwice = try CheckIssues.collected { try twice.expect("app://Home", arrivesAt: "Named \"Home\"") }
        #expect(!arrivedTwice.isEmpty && arrivedTwice.allSatisfy { $0.contains("arrived 2 times") }, "\(arrivedTwice)")
    }
}
