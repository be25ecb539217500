/// Hard link entries whose target the archive has not made yet: they are made when it is (to the
/// same inode, waiting with it if it waits), and refused at the end if it never is. GNU tar fails
/// such a link at once; squeeze extracts it, since the target is the archive's own, and only
/// ever links to what this extraction made. Paths are relative to the destination.
struct ForwardLinks {
    struct Link {
        /// The link's name, and the entry's name as stored (for its outcome).
        var name: PathName
        var entryName: PathName
        /// The target as stored, for the refusal.
        var storedTarget: PathName
        var start: Double
        /// Archive order, so that what is left is reported in it.
        var sequence = 0
    }

    private var byTarget: [PathName: [Link]] = [:]
    /// The target of each link waiting, by the link's name.
    private var targets: [PathName: PathName] = [:]
    private var sequence = 0

    var isEmpty: Bool { targets.isEmpty }

    mutating func add(_ link: Link, to target: PathName) {
        var link = link
        link.sequence = sequence
        sequence += 1
        byTarget[target, default: []].append(link)
        targets[link.name] = target
    }

    /// The links waiting for `target`, which has just been made; they are no longer waiting.
    mutating func take(to target: PathName) -> [Link] {
        guard let links = byTarget.removeValue(forKey: target) else { return [] }
        for link in links { targets[link.name] = nil }
        return links
    }

    /// A later entry takes `name`: the link waiting under that name will never be made.
    mutating func remove(named name: PathName) -> Link? {
        guard !targets.isEmpty, let target = targets.removeValue(forKey: name) else { return nil }
        guard let index = byTarget[target]?.firstIndex(where: { $0.name == name }) else { return nil }
        let link = byTarget[target]!.remove(at: index)
        if byTarget[target]!.isEmpty { byTarget[target] = nil }
        return link
    }

    /// Every link still waiting, in archive order (the archive ended without their targets).
    mutating func takeAll() -> [Link] {
        defer { (byTarget, targets) = ([:], [:]) }
        return byTarget.values.joined().sorted { $0.sequence < $1.sequence }
    }
}
