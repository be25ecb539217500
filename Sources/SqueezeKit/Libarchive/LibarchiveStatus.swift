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
