import Foundation
import Glibc

/// A fresh directory for one test, removed with everything in it when the value goes away.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "squeeze-test") throws {
        var template = Array("\(NSTemporaryDirectory())/\(label).XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        path = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/relative`.
    public func callAsFunction(_ relative: String) -> String { "\(path)/\(relative)" }
}
