import Foundation
import Glibc

/// A fresh directory for one test, removed with everything in it when the value goes away.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "squeeze-test") throws {
        var template = Array("\(NSTemporaryDirectory())/\(label).XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: String(cString: template)])
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/relative`.
    public func callAsFunction(_ relative: String) -> String { "\(path)/\(relative)" }
}
