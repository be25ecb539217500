/// The names that inputs of a run have claimed (outputs, or names in an archive), so that a second
/// input claiming one is left out rather than overwriting the first. Kept as a 64-bit hash per
/// name and the index of the input that claimed it, not the names themselves; a hash that matches
/// is checked against the claimant's real name (`nameOf`), and the rare different name behind an
/// equal hash is kept whole.
struct ClaimedNames {
    private var firstByHash: [Int: Int32]
    /// Names whose hash another name already had, with their claimant.
    private var collided: [PathName: Int32] = [:]

    /// Room for `expected` names (the inputs named, say) from the start, so that the table is not
    /// rehashed as it grows.
    init(expected: Int = 0) {
        firstByHash = Dictionary(minimumCapacity: expected)
    }

    /// Claims `name` for input `index` (each input claims with its own index); returns the
    /// earlier input that claimed it, if one did. `nameOf` gives an earlier input's claimed name.
    mutating func claim(_ name: PathName, by index: Int32, nameOf: (Int32) -> PathName) -> Int32? {
        // One lookup that inserts `index` where the hash is new: reading back `index` means it was.
        let earlier = Self.read(&firstByHash[name.hashValue, default: index])
        if earlier == index { return nil }
        if nameOf(earlier) == name { return earlier }
        if let first = collided[name] { return first }
        collided[name] = index
        return nil
    }

    private static func read(_ value: inout Int32) -> Int32 { value }
}
