import CArchive
import Glibc

/// A class that owns one `struct archive *` and frees it in `deinit`.
protocol LibarchiveHandle: AnyObject {
    var pointer: OpaquePointer { get }
}

extension LibarchiveHandle {
    /// The one place libarchive return codes are read: a failure becomes a `LibarchiveError`
    /// carrying `archive_error_string`; anything else is a `LibarchiveStatus`.
    @discardableResult
    func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LibarchiveError) -> LibarchiveStatus {
        switch code {
        case ARCHIVE_OK: return .ok
        case ARCHIVE_EOF: return .endOfFile
        case ARCHIVE_WARN: return .warning(message(or: "warning"))
        case ARCHIVE_RETRY, ARCHIVE_FAILED:
            throw LibarchiveError(
                operation: operation(), message: message(or: "failed"), errorNumber: archive_errno(pointer), isFatal: false)
        default:
            throw LibarchiveError(
                operation: operation(), message: message(or: "unreadable (libarchive gave no reason)"), errorNumber: archive_errno(pointer), isFatal: true)
        }
    }

    /// For calls that return a byte count, or a negative libarchive status on failure.
    @discardableResult
    func check(count: Int, _ operation: @autoclosure () -> String) throws(LibarchiveError) -> Int {
        if count >= 0 { return count }
        try check(Int32(truncatingIfNeeded: count), operation())
        return 0
    }

    /// libarchive's message for the last failure, or `fallback` when it set none.
    func message(or fallback: String) -> String {
        guard let text = archive_error_string(pointer) else { return fallback }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    }
}
