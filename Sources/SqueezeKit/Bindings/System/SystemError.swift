import Glibc

/// A system call that failed, naming what was attempted, on which path, and the C library's message.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted, as a verb a user understands: "open", "read", "rename to 'x.gz'".
    public let operation: String
    public let path: PathName
    public let code: Int32

    public init(_ operation: String, _ path: PathName, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "cannot \(operation) '\(path)': \(reason)" }
}

/// Runs a system call until it does not fail with EINTR; a result of -1 becomes a `SystemError`.
@discardableResult
func systemCall<Result: FixedWidthInteger>(
    _ operation: String, _ path: PathName, _ call: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemError(operation, path, code: code)
    }
}
