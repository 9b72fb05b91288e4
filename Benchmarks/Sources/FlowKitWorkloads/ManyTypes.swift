import FlowRouter

// Ten thousand distinct types without ten thousand declarations: `Number<D1, D2, D3, D4>` over ten
// digit types. The names stay short, so registering them measures the router, not type-name
// formatting of deeply nested generics.

protocol Digit {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

struct Number<A: Digit, B: Digit, C: Digit, D: Digit> {}

/// Calls `body` with the first `count` (at most 10,000) distinct `Number` types, in order.
@MainActor
func forEachNumberType(upTo count: Int, _ body: (any NumberVisitor) -> Void) {
    let digits: [any Digit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self]
    var remaining = count
    func four<A: Digit, B: Digit, C: Digit>(_: A.Type, _: B.Type, _: C.Type) {
        for d in digits where remaining > 0 {
            func open<D: Digit>(_: D.Type) { body(TypeVisit<Number<A, B, C, D>>()) }
            open(d)
            remaining -= 1
        }
    }
    func three<A: Digit, B: Digit>(_ a: A.Type, _ b: B.Type) {
        for c in digits where remaining > 0 {
            func open<C: Digit>(_ c: C.Type) { four(a, b, c) }
            open(c)
        }
    }
    func two<A: Digit>(_ a: A.Type) {
        for b in digits where remaining > 0 {
            func open<B: Digit>(_ b: B.Type) { three(a, b) }
            open(b)
        }
    }
    for a in digits where remaining > 0 {
        func open<A: Digit>(_ a: A.Type) { two(a) }
        open(a)
    }
}

/// One of the generated types, handed to a visitor.
@MainActor
protocol NumberVisitor {
    /// Registers a screen that requires this type.
    func register(on router: Router) throws
}

@MainActor
struct TypeVisit<T>: NumberVisitor {
    func register(on router: Router) throws {
        try router.register(Tagged<T>.self)
    }
}

/// The first `count` generated types, ready to register.
@MainActor
func numberTypes(_ count: Int) -> [any NumberVisitor] {
    var visits: [any NumberVisitor] = []
    forEachNumberType(upTo: count) { visits.append($0) }
    return visits
}

/// A router with the given types registered.
@MainActor
func makeRouter(registering types: [any NumberVisitor]) -> Router {
    let router = Router()
    for type in types {
        do { try type.register(on: router) } catch { preconditionFailure("distinct types never collide: \(error)") }
    }
    return router
}
