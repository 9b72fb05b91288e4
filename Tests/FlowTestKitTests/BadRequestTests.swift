import FlowKernel
import FlowTestKit
import Testing

@MainActor
@Suite("Bad request checks")
struct BadRequestTests {
    final class Counter {
        var value = 0
        func refuse() throws { throw FlowError(.nothingToGoBackTo, "no") }
        func refuseAfterChanging() throws {
            value += 1
            throw FlowError(.nothingToGoBackTo, "no")
        }
    }

    @Test func aRequestThatThrowsItsCodeAndChangesNothingPasses() throws {
        let bad = BadRequest<Counter>("refuse", .nothingToGoBackTo) { try $0.refuse() }
        let counter = Counter()
        try bad.check(on: counter) { counter.value }
    }

    @Test func theSetUpRunsBeforeTheStateIsRead() throws {
        let bad = BadRequest<Counter>("refuse", .nothingToGoBackTo, setUp: { $0.value = 5 }) { try $0.refuse() }
        let counter = Counter()
        try bad.check(on: counter) { counter.value }
        #expect(counter.value == 5)
    }

    @Test func aRequestThatIsAcceptedIsCaught() throws {
        let bad = BadRequest<Counter>("accepted", .nothingToGoBackTo) { $0.value = 0 }
        let counter = Counter()
        let issues = try CheckIssues.collected { try bad.check(on: counter) { counter.value } }
        #expect(issues.contains { $0.contains("was accepted") }, "\(issues)")
    }

    @Test func theWrongCodeIsCaught() throws {
        let bad = BadRequest<Counter>("wrong code", .indexOutOfRange) { try $0.refuse() }
        let counter = Counter()
        let issues = try CheckIssues.collected { try bad.check(on: counter) { counter.value } }
        #expect(issues.count == 1 && issues.first?.contains("not indexOutOfRange") == true, "\(issues)")
    }

    @Test func aChangeBeforeThrowingIsCaught() throws {
        let bad = BadRequest<Counter>("changes", .nothingToGoBackTo) { try $0.refuseAfterChanging() }
        let counter = Counter()
        let issues = try CheckIssues.collected { try bad.check(on: counter) { counter.value } }
        #expect(issues == ["changes changed something"])
    }
}
