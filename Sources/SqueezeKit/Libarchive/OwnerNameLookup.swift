import CArchive

/// User and group names for ids, looked up (and cached) by libarchive's `archive_read_disk`.
final class OwnerNameLookup: LibarchiveHandle {
    let pointer: OpaquePointer

    init() throws {
        guard let pointer = archive_read_disk_new() else { throw LibarchiveError.outOfMemory("look up owner names") }
        self.pointer = pointer
        try check(archive_read_disk_set_standard_lookup(pointer), "look up owner names")
    }

    deinit { archive_read_free(pointer) }

    func userName(_ id: UInt32) -> String? { archive_read_disk_uname(pointer, Int64(id)).map { String(cString: $0) } }

    func groupName(_ id: UInt32) -> String? { archive_read_disk_gname(pointer, Int64(id)).map { String(cString: $0) } }
}
