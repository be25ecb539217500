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
