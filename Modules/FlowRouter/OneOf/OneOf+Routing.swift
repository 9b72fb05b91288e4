import FlowKernel

// `produce` overloads that take a union output's case payload directly, and `FlowGraph`
// initialisers that dispatch a union by case. Same shape for every arity.

extension OutputProducing {
    /// Produces the `T1` case of a `OneOf2` output.
    public func produce<T1, T2>(_ value: T1) throws where Output == OneOf2<T1, T2> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf2` output.
    public func produce<T1, T2>(_ value: T2) throws where Output == OneOf2<T1, T2> {
        try produce(.t2(value))
    }

    /// Produces the `T1` case of a `OneOf3` output.
    public func produce<T1, T2, T3>(_ value: T1) throws where Output == OneOf3<T1, T2, T3> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf3` output.
    public func produce<T1, T2, T3>(_ value: T2) throws where Output == OneOf3<T1, T2, T3> {
        try produce(.t2(value))
    }

    /// Produces the `T3` case of a `OneOf3` output.
    public func produce<T1, T2, T3>(_ value: T3) throws where Output == OneOf3<T1, T2, T3> {
        try produce(.t3(value))
    }

    /// Produces the `T1` case of a `OneOf4` output.
    public func produce<T1, T2, T3, T4>(_ value: T1) throws where Output == OneOf4<T1, T2, T3, T4> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf4` output.
    public func produce<T1, T2, T3, T4>(_ value: T2) throws where Output == OneOf4<T1, T2, T3, T4> {
        try produce(.t2(value))
    }

    /// Produces the `T3` case of a `OneOf4` output.
    public func produce<T1, T2, T3, T4>(_ value: T3) throws where Output == OneOf4<T1, T2, T3, T4> {
        try produce(.t3(value))
    }

    /// Produces the `T4` case of a `OneOf4` output.
    public func produce<T1, T2, T3, T4>(_ value: T4) throws where Output == OneOf4<T1, T2, T3, T4> {
        try produce(.t4(value))
    }

    /// Produces the `T1` case of a `OneOf5` output.
    public func produce<T1, T2, T3, T4, T5>(_ value: T1) throws where Output == OneOf5<T1, T2, T3, T4, T5> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf5` output.
    public func produce<T1, T2, T3, T4, T5>(_ value: T2) throws where Output == OneOf5<T1, T2, T3, T4, T5> {
        try produce(.t2(value))
    }

    /// Produces the `T3` case of a `OneOf5` output.
    public func produce<T1, T2, T3, T4, T5>(_ value: T3) throws where Output == OneOf5<T1, T2, T3, T4, T5> {
        try produce(.t3(value))
    }

    /// Produces the `T4` case of a `OneOf5` output.
    public func produce<T1, T2, T3, T4, T5>(_ value: T4) throws where Output == OneOf5<T1, T2, T3, T4, T5> {
        try produce(.t4(value))
    }

    /// Produces the `T5` case of a `OneOf5` output.
    public func produce<T1, T2, T3, T4, T5>(_ value: T5) throws where Output == OneOf5<T1, T2, T3, T4, T5> {
        try produce(.t5(value))
    }

    /// Produces the `T1` case of a `OneOf6` output.
    public func produce<T1, T2, T3, T4, T5, T6>(_ value: T1) throws where Output == OneOf6<T1, T2, T3, T4, T5, T6> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf6` output.
    public func produce<T1, T2, T3, T4, T5, T6>(_ value: T2) throws where Output == OneOf6<T1, T2, T3, T4, T5, T6> {
        try produce(.t2(value))
    }

    /// Produces the `T3` case of a `OneOf6` output.
    public func produce<T1, T2, T3, T4, T5, T6>(_ value: T3) throws where Output == OneOf6<T1, T2, T3, T4, T5, T6> {
        try produce(.t3(value))
    }

    /// Produces the `T4` case of a `OneOf6` output.
    public func produce<T1, T2, T3, T4, T5, T6>(_ value: T4) throws where Output == OneOf6<T1, T2, T3, T4, T5, T6> {
        try produce(.t4(value))
    }

    /// Produces the `T5` case of a `OneOf6` output.
    public func produce<T1, T2, T3, T4, T5, T6>(_ value: T5) throws where Output == OneOf6<T1, T2, T3, T4, T5, T6> {
        try produce(.t5(value))
    }

    /// Produces the `T6` case of a `OneOf6` output.
    public func produce<T1, T2, T3, T4, T5, T6>(_ value: T6) throws where Output == OneOf6<T1, T2, T3, T4, T5, T6> {
        try produce(.t6(value))
    }

    /// Produces the `T1` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T1) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T2) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t2(value))
    }

    /// Produces the `T3` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T3) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t3(value))
    }

    /// Produces the `T4` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T4) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t4(value))
    }

    /// Produces the `T5` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T5) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t5(value))
    }

    /// Produces the `T6` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T6) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t6(value))
    }

    /// Produces the `T7` case of a `OneOf7` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7>(_ value: T7) throws where Output == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        try produce(.t7(value))
    }

    /// Produces the `T1` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T1) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t1(value))
    }

    /// Produces the `T2` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T2) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t2(value))
    }

    /// Produces the `T3` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T3) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t3(value))
    }

    /// Produces the `T4` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T4) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t4(value))
    }

    /// Produces the `T5` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T5) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t5(value))
    }

    /// Produces the `T6` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T6) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t6(value))
    }

    /// Produces the `T7` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T7) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t7(value))
    }

    /// Produces the `T8` case of a `OneOf8` output.
    public func produce<T1, T2, T3, T4, T5, T6, T7, T8>(_ value: T8) throws where Output == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        try produce(.t8(value))
    }
}

extension FlowGraph {
    /// Routes each case of a `OneOf2` value along its own graph.
    public init<T1, T2>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>) where Value == OneOf2<T1, T2> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            }
        }
    }

    /// Routes each case of a `OneOf3` value along its own graph.
    public init<T1, T2, T3>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>, _ f3: FlowGraph<T3>) where Value == OneOf3<T1, T2, T3> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            case .t3(let payload): try f3.go(session, from, payload)
            }
        }
    }

    /// Routes each case of a `OneOf4` value along its own graph.
    public init<T1, T2, T3, T4>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>, _ f3: FlowGraph<T3>, _ f4: FlowGraph<T4>) where Value == OneOf4<T1, T2, T3, T4> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            case .t3(let payload): try f3.go(session, from, payload)
            case .t4(let payload): try f4.go(session, from, payload)
            }
        }
    }

    /// Routes each case of a `OneOf5` value along its own graph.
    public init<T1, T2, T3, T4, T5>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>, _ f3: FlowGraph<T3>, _ f4: FlowGraph<T4>, _ f5: FlowGraph<T5>) where Value == OneOf5<T1, T2, T3, T4, T5> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            case .t3(let payload): try f3.go(session, from, payload)
            case .t4(let payload): try f4.go(session, from, payload)
            case .t5(let payload): try f5.go(session, from, payload)
            }
        }
    }

    /// Routes each case of a `OneOf6` value along its own graph.
    public init<T1, T2, T3, T4, T5, T6>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>, _ f3: FlowGraph<T3>, _ f4: FlowGraph<T4>, _ f5: FlowGraph<T5>, _ f6: FlowGraph<T6>) where Value == OneOf6<T1, T2, T3, T4, T5, T6> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            case .t3(let payload): try f3.go(session, from, payload)
            case .t4(let payload): try f4.go(session, from, payload)
            case .t5(let payload): try f5.go(session, from, payload)
            case .t6(let payload): try f6.go(session, from, payload)
            }
        }
    }

    /// Routes each case of a `OneOf7` value along its own graph.
    public init<T1, T2, T3, T4, T5, T6, T7>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>, _ f3: FlowGraph<T3>, _ f4: FlowGraph<T4>, _ f5: FlowGraph<T5>, _ f6: FlowGraph<T6>, _ f7: FlowGraph<T7>) where Value == OneOf7<T1, T2, T3, T4, T5, T6, T7> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            case .t3(let payload): try f3.go(session, from, payload)
            case .t4(let payload): try f4.go(session, from, payload)
            case .t5(let payload): try f5.go(session, from, payload)
            case .t6(let payload): try f6.go(session, from, payload)
            case .t7(let payload): try f7.go(session, from, payload)
            }
        }
    }

    /// Routes each case of a `OneOf8` value along its own graph.
    public init<T1, T2, T3, T4, T5, T6, T7, T8>(_ f1: FlowGraph<T1>, _ f2: FlowGraph<T2>, _ f3: FlowGraph<T3>, _ f4: FlowGraph<T4>, _ f5: FlowGraph<T5>, _ f6: FlowGraph<T6>, _ f7: FlowGraph<T7>, _ f8: FlowGraph<T8>) where Value == OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
        self.init { session, from, value in
            switch value {
            case .t1(let payload): try f1.go(session, from, payload)
            case .t2(let payload): try f2.go(session, from, payload)
            case .t3(let payload): try f3.go(session, from, payload)
            case .t4(let payload): try f4.go(session, from, payload)
            case .t5(let payload): try f5.go(session, from, payload)
            case .t6(let payload): try f6.go(session, from, payload)
            case .t7(let payload): try f7.go(session, from, payload)
            case .t8(let payload): try f8.go(session, from, payload)
            }
        }
    }
}
