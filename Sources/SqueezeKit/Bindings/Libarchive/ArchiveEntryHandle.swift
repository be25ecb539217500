import CArchive
import Glibc

/// An `archive_entry`, owned and freed in `deinit`, with the fields squeeze reads and writes.
/// Names are bytes (`PathName`): a tar entry's name need not be UTF-8.
final class ArchiveEntryHandle {
    let pointer: OpaquePointer

    init() {
        guard let pointer = archive_entry_new() else { fatalError("archive_entry_new: out of memory") }
        self.pointer = pointer
    }

    deinit { archive_entry_free(pointer) }

    /// Forgets every field, for the next entry.
    func clear() { archive_entry_clear(pointer) }

    var pathname: PathName {
        get { Self.path(archive_entry_pathname(pointer)) ?? Self.path(archive_entry_pathname_utf8(pointer)) ?? PathName(bytes: []) }
        set { newValue.withCString { archive_entry_copy_pathname(pointer, $0) } }
    }

    /// The target of a hard link entry: the name of an earlier entry in the same archive.
    var hardLinkTarget: PathName? {
        get { Self.path(archive_entry_hardlink(pointer)) ?? Self.path(archive_entry_hardlink_utf8(pointer)) }
        set { Self.copy(newValue, into: pointer, with: archive_entry_copy_hardlink) }
    }

    /// What a symbolic link entry points to, as stored.
    var symbolicLinkTarget: PathName? {
        get { Self.path(archive_entry_symlink(pointer)) ?? Self.path(archive_entry_symlink_utf8(pointer)) }
        set { Self.copy(newValue, into: pointer, with: archive_entry_copy_symlink) }
    }

    var kind: FileKind {
        get {
            // libarchive's AE_IF* constants are the Linux S_IF* values (C casts Swift cannot import).
            FileKind(mode: archive_entry_filetype(pointer))
        }
        set { archive_entry_set_filetype(pointer, newValue.modeBits) }
    }

    /// Permission bits, setuid, setgid and sticky included.
    var permissions: mode_t {
        get { archive_entry_perm(pointer) & 0o7777 }
        set { archive_entry_set_perm(pointer, newValue & 0o7777) }
    }

    /// Whether the header says the data's size (a zip entry written to a pipe says it only after
    /// its data).
    var hasSize: Bool { archive_entry_size_is_set(pointer) != 0 }

    /// The data size; 0 for entries without data (and for hard links that carry none).
    var size: Int64 {
        get { archive_entry_size_is_set(pointer) != 0 ? archive_entry_size(pointer) : 0 }
        set { archive_entry_set_size(pointer, newValue) }
    }

    /// How many names the file has, where the format says (cpio does; tar does not: 0).
    var linkCount: UInt32 { archive_entry_nlink(pointer) }

    var modificationTime: FileTime {
        get { FileTime(seconds: Int64(archive_entry_mtime(pointer)), nanoseconds: Int64(archive_entry_mtime_nsec(pointer))) }
        set { archive_entry_set_mtime(pointer, time_t(newValue.seconds), Int(newValue.nanoseconds)) }
    }

    /// Whether the entry has a modification time (every tar format stores one).
    var hasModificationTime: Bool { archive_entry_mtime_is_set(pointer) != 0 }

    /// The access time, where the entry has one (pax headers may).
    var accessTime: FileTime? {
        guard archive_entry_atime_is_set(pointer) != 0 else { return nil }
        return FileTime(seconds: Int64(archive_entry_atime(pointer)), nanoseconds: Int64(archive_entry_atime_nsec(pointer)))
    }

    var owner: Int64 {
        get { archive_entry_uid(pointer) }
        set { archive_entry_set_uid(pointer, newValue) }
    }

    var group: Int64 {
        get { archive_entry_gid(pointer) }
        set { archive_entry_set_gid(pointer, newValue) }
    }

    var ownerName: String? {
        get { archive_entry_uname(pointer).map { String(cString: $0) } }
        set { archive_entry_copy_uname(pointer, newValue) }
    }

    var groupName: String? {
        get { archive_entry_gname(pointer).map { String(cString: $0) } }
        set { archive_entry_copy_gname(pointer, newValue) }
    }

    /// The device a character or block device entry stands for.
    var specialDevice: UInt64 {
        get { UInt64(archive_entry_rdev(pointer)) }
        set { archive_entry_set_rdev(pointer, dev_t(newValue)) }
    }

    private static func path(_ text: UnsafePointer<CChar>?) -> PathName? {
        guard let text else { return nil }
        return PathName(bytes: UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// Sets a link target with one of libarchive's copying setters; nil clears it.
    private static func copy(
        _ path: PathName?, into entry: OpaquePointer, with setter: (OpaquePointer?, UnsafePointer<CChar>?) -> Void
    ) {
        if let path {
            path.withCString { setter(entry, $0) }
        } else {
            setter(entry, nil)
        }
    }
}
