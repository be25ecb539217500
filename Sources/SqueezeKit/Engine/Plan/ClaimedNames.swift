/// The names that inputs of a run have claimed (outputs, or names in an archive), so that a second
/// input claiming one is left out rather than overwriting the first. Kept as a 64-bit hash per
/// name and the index of the input that claimed it, not the names themselves; a hash that matches
/// is checked against the claimant's real name (`nameOf`), and the rare different name behind an
/// equal hash is kept whole.
///
/// A name's hash is a fast one of its bytes (`fingerprint`), not `Hasher`'s SipHash over all of
/// them (275 instructions a claim, and a plan's shard claims one name a file); the table then
/// hashes that 8-byte key as any dictionary does. It needs no defence against names made to
/// collide: a collision costs one comparison of names, and a name behind it is kept whole, in a
/// table keyed by the names themselves.
struct ClaimedNames {
    private var firstByHash: [Int: Int32]
    /// Names whose hash another name already had, with their claimant.
    private var collided: [PathName: Int32] = [:]
    private let hash: (PathName) -> Int

    /// Room for `expected` names (the inputs named, say) from the start, so that the table is not
    /// rehashed as it grows. `hash` is for tests (names made to collide).
    init(expected: Int = 0, hash: @escaping (PathName) -> Int = ClaimedNames.fingerprint) {
        firstByHash = Dictionary(minimumCapacity: expected)
        self.hash = hash
    }

    /// A 64-bit hash of the name's bytes, eight at a time (multiply and shift).
    static func fingerprint(_ name: PathName) -> Int {
        name.bytes.withUnsafeBytes { bytes in
            let factor: UInt64 = 0x9E37_79B9_7F4A_7C15
            var (hash, offset) = (UInt64(bytes.count) &* factor, 0)
            while offset + 8 <= bytes.count {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* factor
                hash ^= hash >> 29
                offset += 8
            }
            var last: UInt64 = 0
            for index in offset..<bytes.count { last |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            hash = (hash ^ last) &* factor
            return Int(bitPattern: UInt(hash ^ (hash >> 32)))
        }
    }

    /// Claims `name` for input `index` (each input claims with its own index); returns the
    /// earlier input that claimed it, if one did. `nameOf` gives an earlier input's claimed name.
    mutating func claim(_ name: PathName, by index: Int32, nameOf: (Int32) -> PathName) -> Int32? {
        // One lookup that inserts `index` where the hash is new: reading back `index` means it was.
        let earlier = Self.read(&firstByHash[hash(name), default: index])
        if earlier == index { return nil }
        if nameOf(earlier) == name { return earlier }
        if let first = collided[name] { return first }
        collided[name] = index
        return nil
    }

    private static func read(_ value: inout Int32) -> Int32 { value }
}
