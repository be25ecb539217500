import Foundation

/// What a finished command left: its exit status and everything it printed.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: Data
    public var standardError: String

    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
}
