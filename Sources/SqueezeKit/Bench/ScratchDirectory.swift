import Foundation
import Glibc

/// A fresh directory for a bench's outputs and reports, removed with everything in it.
public final class ScratchDirectory: Sendable {
    public let path: String

    /// Makes `parent/squeeze-bench.XXXXXX`.
    public init(in parent: String) throws(BenchError) {
        var template = Array("\(parent)/squeeze-bench.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw .scratch("cannot create a directory in '\(parent)': \(String(cString: strerror(errno)))")
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// `path/name`.
    public func callAsFunction(_ name: String) -> String { "\(path)/\(name)" }

    /// Removes `name` and everything under it; a name that is not there is no error.
    public func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: self(name))
    }

    /// Removes the directory and everything in it.
    public func removeAll() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
