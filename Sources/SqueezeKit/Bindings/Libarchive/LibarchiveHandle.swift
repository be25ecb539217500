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

/// A libarchive return code that is not a failure.
enum LibarchiveStatus: Equatable {
    case ok
    /// ARCHIVE_WARN: the call did its work, with something the user should hear about.
    case warning(String)
    /// ARCHIVE_EOF: no more entries, or no more data in this entry.
    case endOfFile
}

extension LibarchiveStatus {
    /// The message of a warning; nil otherwise.
    var warning: String? {
        if case .warning(let message) = self { return message }
        return nil
    }
}

/// A libarchive call that failed, with libarchive's own message.
public struct LibarchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted, as a verb phrase: "read the next entry header", "write 'a/b'".
    public let operation: String
    /// `archive_error_string`, or a generic phrase when libarchive gave none.
    public let message: String
    /// `archive_errno`: the system error behind the failure, 0 when there is none.
    public let errorNumber: Int32
    /// ARCHIVE_FATAL: the handle can do nothing more. Otherwise (ARCHIVE_FAILED) only the current
    /// entry failed, and the next one may be tried.
    public let isFatal: Bool

    public init(operation: String, message: String, errorNumber: Int32 = 0, isFatal: Bool) {
        self.operation = operation
        self.message = message
        self.errorNumber = errorNumber
        self.isFatal = isFatal
    }

    public var description: String { "cannot \(operation): \(message)" }
}

extension LibarchiveError {
    /// The same failure told of `name`, for an entry libarchive wrote under `temporary`: squeeze's
    /// temporaries are its own business (and gone by the time the message is read), so their
    /// names in libarchive's message become the entry's. libarchive's "Can't create 'x'" leaves
    /// out why: the system's reason is added when it gave one.
    func naming(_ temporary: PathName, as name: PathName) -> LibarchiveError {
        var message = message.replacing("\(temporary.lastComponent)", with: "\(name.lastComponent)")
        if errorNumber > 0 {
            let reason = String(cString: strerror(errorNumber))
            if !message.contains(reason) { message += ": \(reason)" }
        }
        return LibarchiveError(operation: operation, message: message, errorNumber: errorNumber, isFatal: isFatal)
    }

    /// libarchive could not even allocate its handle.
    static func outOfMemory(_ operation: String) -> LibarchiveError {
        LibarchiveError(operation: operation, message: "out of memory", errorNumber: ENOMEM, isFatal: true)
    }
}

/// The context libarchive's C callbacks reach squeeze through. When a callback fails (the stream
/// cannot be read, the sink cannot be written), libarchive keeps only a message; the context keeps
/// the error itself, so that the caller can be told what really happened.
protocol LibarchiveCallbackContext: AnyObject {
    /// The error that made the last callback fail, if any; forgotten once taken.
    func takeFailure() -> (any Error)?
}

extension LibarchiveCallbackContext {
    /// Runs a libarchive call; if it fails because a callback did, throws the callback's own
    /// error rather than libarchive's message about it.
    @discardableResult
    func rethrowingCallbackFailure<Result>(_ body: () throws(LibarchiveError) -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            if let failure = takeFailure() { throw failure }
            throw error
        }
    }
}

/// Where libarchive's archive writer sends the archive's bytes, as it produces them.
protocol ArchiveByteSink: AnyObject {
    func consume(_ bytes: UnsafeRawBufferPointer) throws
    /// Has `write` put up to `count` (more than 0) of the next bytes straight where they go (a
    /// file's data, read into the block that holds it, not copied there from a buffer); takes
    /// as many as it says it wrote, and returns that.
    func consume(atMost count: Int, writtenBy write: (UnsafeMutableRawBufferPointer) -> Int) throws -> Int
}

extension ArchiveByteSink {
    /// A sink with no storage of its own to lend takes the bytes as `consumeThroughBuffer` does.
    func consume(atMost count: Int, writtenBy write: (UnsafeMutableRawBufferPointer) -> Int) throws -> Int {
        try consumeThroughBuffer(atMost: count, writtenBy: write)
    }

    /// `consume(atMost:writtenBy:)` by way of a buffer: `write` fills it, `consume` takes it.
    func consumeThroughBuffer(atMost count: Int, writtenBy write: (UnsafeMutableRawBufferPointer) -> Int) throws -> Int {
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
            written = write(UnsafeMutableRawBufferPointer(buffer))
        }
        try bytes.withUnsafeBytes { try consume($0) }
        return bytes.count
    }
}

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
