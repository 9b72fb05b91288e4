import Testing

@testable import FlowStage

/// The host's index of screens is an open-addressing table of its own; it must answer exactly as a
/// `Dictionary` would, through growth and through removals that shift entries back.
@Suite("Identity table")
struct IdentityTableTests {
    final class Key {}

    @Test("A key stored is found, replaced in place, and gone once removed")
    func storeReplaceRemove() {
        let a = Key()
        let b = Key()
        var table = IdentityTable<String>()
        #expect(table[ObjectIdentifier(a)] == nil)
        #expect(table.updateValue("a", forKey: ObjectIdentifier(a)) == nil)
        #expect(table.updateValue("b", forKey: ObjectIdentifier(b)) == nil)
        #expect(table.updateValue("a2", forKey: ObjectIdentifier(a)) == "a")
        #expect(table.count == 2)
        #expect(table[ObjectIdentifier(a)] == "a2")
        #expect(table.removeValue(forKey: ObjectIdentifier(a)) == "a2")
        #expect(table.removeValue(forKey: ObjectIdentifier(a)) == nil)
        #expect(table[ObjectIdentifier(a)] == nil)
        #expect(table[ObjectIdentifier(b)] == "b")
        #expect(table.count == 1)
    }

    @Test("Thousands of keys survive growth, and every other one removed leaves the rest findable")
    func growthAndRemoval() {
        let keys = (0..<5_000).map { _ in Key() }
        var table = IdentityTable<Int>()
        for (index, key) in keys.enumerated() { table.updateValue(index, forKey: ObjectIdentifier(key)) }
        #expect(table.count == keys.count)
        for (index, key) in keys.enumerated() where index.isMultiple(of: 2) {
            #expect(table.removeValue(forKey: ObjectIdentifier(key)) == index)
        }
        let lost = keys.indices.filter { index in
            table[ObjectIdentifier(keys[index])] != (index.isMultiple(of: 2) ? nil : index)
        }
        #expect(lost.isEmpty)
        #expect(table.count == keys.count / 2)
    }

    @Test("Random stores, removals and lookups answer as a Dictionary does", arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithDictionary(seed: UInt64) {
        let keys = (0..<300).map { _ in Key() }
        var table = IdentityTable<Int>()
        var expected: [ObjectIdentifier: Int] = [:]
        var state = seed
        var disagreements: [String] = []
        for step in 0..<20_000 {
            // A small linear congruential generator: the same walk on every run.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = ObjectIdentifier(keys[Int(state >> 33) % keys.count])
            switch (state >> 20) % 3 {
            case 0:
                if table.updateValue(step, forKey: key) != expected.updateValue(step, forKey: key) { disagreements.append("store at \(step)") }
            case 1:
                if table.removeValue(forKey: key) != expected.removeValue(forKey: key) { disagreements.append("remove at \(step)") }
            default:
                if table[key] != expected[key] { disagreements.append("lookup at \(step)") }
            }
        }
        for key in keys.map(ObjectIdentifier.init) where table[key] != expected[key] {
            disagreements.append("final \(key)")
        }
        #expect(disagreements.isEmpty)
        #expect(table.count == expected.count)
    }
}
