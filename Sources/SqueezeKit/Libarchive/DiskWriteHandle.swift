import CArchive

/// libarchive's `archive_write_disk`: creates files, directories and links from entries, with
/// the metadata and the safety checks its options ask for.
final class DiskWriteHandle: LibarchiveHandle {
    let pointer: OpaquePointer

    init() throws {
        guard let pointer = archive_write_disk_new() else { throw LibarchiveError.outOfMemory("start extracting") }
        self.pointer = pointer
    }

    deinit { archive_write_free(pointer) }

    /// ARCHIVE_EXTRACT_* flags for the entries written from now on.
    func setOptions(_ flags: Int32) throws {
        try check(archive_write_disk_set_options(pointer, flags), "set extraction options")
    }

    /// Maps owner and group names to ids through the system's user database (for restoring owners).
    func useSystemUserDatabase() throws {
        try check(archive_write_disk_set_standard_lookup(pointer), "set up owner lookups")
    }

    /// Creates the entry's object; a refusal or failure of this entry alone is non-fatal.
    func writeHeader(_ entry: ArchiveEntryHandle, name: PathName) throws(LibarchiveError) -> LibarchiveStatus {
        try check(archive_write_header(pointer, entry.pointer), "extract '\(name)'")
    }

    /// Writes a run of the current entry's data at `offset` (holes in between stay holes).
    func writeData(_ bytes: UnsafeRawBufferPointer, at offset: Int64, name: PathName) throws(LibarchiveError) {
        try check(count: archive_write_data_block(pointer, bytes.baseAddress, bytes.count, offset), "write '\(name)'")
    }

    /// Completes the current entry: sets its times and permissions (directories' are deferred).
    func finishEntry(name: PathName) throws(LibarchiveError) -> LibarchiveStatus {
        try check(archive_write_finish_entry(pointer), "finish '\(name)'")
    }

    /// Applies the deferred metadata of directories, deepest first.
    func close() throws(LibarchiveError) -> LibarchiveStatus {
        try check(archive_write_close(pointer), "set the times and permissions of the extracted directories")
    }
}
