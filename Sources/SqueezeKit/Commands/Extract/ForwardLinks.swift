/// Hard link entries whose target the archive has not made yet: they are made when it is (to the
/// same inode, waiting with it if it waits), and refused at the end if it never is. GNU tar fails
/// such a link at once; squeeze extracts it, since the target is the archive's own, and only
/// ever links to what this extraction made. Paths are relative to the destination.
///
/// Every operation costs the same however many links wait (an archive may hold tens of thousands
/// for one target, and then take each of their names): links are kept by name, and a target's
/// list of names is only read when the target is made, skipping those no longer waiting for it.
struct ForwardLinks {
    struct Link {
        /// The link's name, and the entry's name as stored (for its outcome).
        var name: PathName
        var entryName: PathName
        /// The target as stored, for the refusal.
        var storedTarget: PathName
        var start: Double
        /// The target, relative to the destination.
        fileprivate(set) var target: PathName = PathName(bytes: [])
        /// Archive order, so that what is left is reported in it.
        fileprivate(set) var sequence = 0
    }

    /// The links waiting, by name.
    private var links: [PathName: Link] = [:]
    /// The names of the links waiting for each target, in archive order; a name may since have
    /// been taken by a later entry, or wait for another target.
    private var namesByTarget: [PathName: [PathName]] = [:]
    private var sequence = 0

    var isEmpty: Bool { links.isEmpty }

    mutating func add(_ link: Link, to target: PathName) {
        var link = link
        link.target = target
        link.sequence = sequence
        sequence += 1
        links[link.name] = link
        namesByTarget[target, default: []].append(link.name)
    }

    /// Whether links may be waiting for `target` (some may since have been taken by later entries).
    func isAwaited(_ target: PathName) -> Bool { !namesByTarget.isEmpty && namesByTarget[target] != nil }

    /// The links waiting for `target`, which has just been made; they are no longer waiting.
    mutating func take(to target: PathName) -> [Link] {
        guard let names = namesByTarget.removeValue(forKey: target) else { return [] }
        return names.compactMap { name in
            guard let link = links[name], link.target == target else { return nil }
            links[name] = nil
            return link
        }
    }

    /// A later entry takes `name`: the link waiting under that name will never be made.
    mutating func remove(named name: PathName) -> Link? {
        guard !links.isEmpty else { return nil }
        return links.removeValue(forKey: name)
    }

    /// Every link still waiting, in archive order (the archive ended without their targets).
    mutating func takeAll() -> [Link] {
        defer { (links, namesByTarget) = ([:], [:]) }
        return links.values.sorted { $0.sequence < $1.sequence }
    }
}
