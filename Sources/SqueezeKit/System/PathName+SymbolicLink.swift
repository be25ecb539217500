import Glibc

extension PathName {
    /// What the symbolic link at this path points to, byte for byte (`readlink`).
    func symbolicLinkTarget() throws(SystemError) -> PathName {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = try systemCall("read the symbolic link", self) {
                withCString { path in buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), capacity) } }
            }
            // A result that fills the buffer may have been cut short: try again with more room.
            if count < capacity { return PathName(bytes: buffer.prefix(count)) }
            capacity *= 4
        }
    }
}
