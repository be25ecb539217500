/// Where a task's output bytes go: a file that appears only when complete, or nowhere (`--discard`).
protocol OutputFile: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Makes the output final under its destination name, with the source's attributes.
    func commit(attributes: FileStatus, replacingExisting: Bool) throws
    /// Removes whatever was written; the destination is untouched.
    func discard()
}

extension OutputFile {
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}
