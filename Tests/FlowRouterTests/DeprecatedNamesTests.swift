import FlowKernel
import FlowRouter
import Testing

/// A screen written against StoryFlow's names and FlowRouter's earlier one.
@available(*, deprecated, message: "written against the earlier names on purpose")
@MainActor
final class EarlierNamedStep: IOU, DefaultConstructible {
    typealias Input = Int
    typealias Output = String
    typealias Update = Bool
    let route = RouteSlot()
    init() {}
}

/// The earlier names still build, deprecated, and mean what the new ones do.
@MainActor
@Suite("FlowRouter: earlier names")
struct RouterDeprecatedNamesTests {
    @available(*, deprecated, message: "uses the earlier names on purpose")
    @Test func theEarlierNamesStillWork() throws {
        let router = Router()
        try router.register(EarlierNamedStep.self)

        let made = try router.destination(for: 7)
        #expect(made is EarlierNamedStep)
        // The old and new names are the same types: this compiles only if they are.
        let types: [any InputOutputUpdate.Type] = [EarlierNamedStep.self as any IOU.Type]
        #expect(types.count == 1)
    }
}
