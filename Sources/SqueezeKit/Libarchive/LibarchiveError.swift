import Glibc

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
    /// libarchive could not even allocate its handle.
    static func outOfMemory(_ operation: String) -> LibarchiveError {
        LibarchiveError(operation: operation, message: "out of memory", errorNumber: ENOMEM, isFatal: true)
    }
}
