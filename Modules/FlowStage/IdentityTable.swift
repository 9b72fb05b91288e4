/// A table from object identities to values: the host's index of the screens it shows.
///
/// Swift's `Dictionary` hashes every key with a seeded SipHash, which guards against keys chosen
/// to collide and costs a few hundred instructions per lookup — a third of a push and a pop
/// together, which look a screen up, add it and remove it. An object's address is not chosen by
/// anyone who could aim at collisions, so this table spreads it with one multiplication
/// (Fibonacci hashing: the product's top bits pick the slot) and finds it by linear probing. It
/// stays at most half full, and a removal shifts the entries after the removed one back into place,
/// so a lookup never walks past leftovers of removed keys.
struct IdentityTable<Value> {
    /// The keys' bit patterns; `0`, which no object's address is, marks an empty slot.
    private var keys: [UInt]
    private var values: [Value?]
    /// How far the product of a key and the multiplier is shifted to leave a slot's index.
    private var shift: UInt
    /// How many keys the table holds.
    private(set) var count = 0

    /// Makes an empty table.
    init() {
        keys = Array(repeating: 0, count: Self.initialCapacity)
        values = Array(repeating: nil, count: Self.initialCapacity)
        shift = UInt(UInt.bitWidth - Self.initialCapacity.trailingZeroBitCount)
    }

    private static var initialCapacity: Int { 16 }

    /// The value stored for a key, or `nil`.
    subscript(key: ObjectIdentifier) -> Value? {
        let bits = UInt(bitPattern: key)
        let mask = keys.count - 1
        var slot = home(of: bits)
        while true {
            let found = keys[slot]
            if found == bits { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Stores a value for a key; returns the value it replaced, if any.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: ObjectIdentifier) -> Value? {
        let bits = UInt(bitPattern: key)
        let mask = keys.count - 1
        var slot = home(of: bits)
        while true {
            let found = keys[slot]
            if found == bits {
                defer { values[slot] = value }
                return values[slot]
            }
            if found == 0 { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = bits
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return nil
    }

    /// Removes a key; returns its value, if it was there.
    @discardableResult
    mutating func removeValue(forKey key: ObjectIdentifier) -> Value? {
        let bits = UInt(bitPattern: key)
        let mask = keys.count - 1
        var hole = home(of: bits)
        while keys[hole] != bits {
            if keys[hole] == 0 { return nil }
            hole = (hole + 1) & mask
        }
        let removed = values[hole]
        count -= 1
        // Each later key in the same run moves into the hole if its own slot is not after the hole
        // (counting round the end): a lookup for it would otherwise stop at the hole.
        var next = hole
        while true {
            next = (next + 1) & mask
            let moving = keys[next]
            if moving == 0 { break }
            let wanted = home(of: moving)
            let fitsHole = hole <= next ? (wanted <= hole || wanted > next) : (wanted <= hole && wanted > next)
            if fitsHole {
                keys[hole] = moving
                values[hole] = values[next]
                hole = next
            }
        }
        keys[hole] = 0
        values[hole] = nil
        return removed
    }

    /// The slot a key is looked for first.
    private func home(of bits: UInt) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        shift -= 1
        let mask = keys.count - 1
        for (index, bits) in oldKeys.enumerated() where bits != 0 {
            var slot = home(of: bits)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = bits
            values[slot] = oldValues[index]
        }
    }
}
