import Foundation
import Glibc

/// Runs programs as a user would, capturing output through files (pipes could fill and block).
public enum CommandRunner {
    /// Runs `executable` (a path, or a name looked up on PATH) and waits for it.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, currentDirectory: String? = nil
    ) throws -> CommandResult {
        let scratch = try TemporaryDirectory("squeeze-command")
        let process = try start(
            executable, arguments, input: input, currentDirectory: currentDirectory, scratch: scratch)
        process.waitUntilExit()
        return try result(of: process, scratch: scratch)
    }

    /// Starts a command without waiting; `finish` collects its result.
    public static func start(
        _ executable: String, _ arguments: [String], input: Data? = nil, currentDirectory: String? = nil,
        scratch: TemporaryDirectory
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : try locate(executable))
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        _ = FileManager.default.createFile(atPath: scratch("stdout"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch("stderr"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch("stdin"), contents: input ?? Data())
        process.standardOutput = FileHandle(forWritingAtPath: scratch("stdout"))
        process.standardError = FileHandle(forWritingAtPath: scratch("stderr"))
        process.standardInput = FileHandle(forReadingAtPath: scratch("stdin"))
        try process.run()
        return process
    }

    public static func result(of process: Process, scratch: TemporaryDirectory) throws -> CommandResult {
        CommandResult(
            status: process.terminationStatus,
            standardOutput: try Data(contentsOf: URL(fileURLWithPath: scratch("stdout"))),
            // Lenient: tools print file names that need not be UTF-8.
            standardError: String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch("stderr"))), as: UTF8.self))
    }

    /// The full path of a program on PATH.
    public static func locate(_ name: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }

    /// Whether a program is installed (tests that need one skip with a message when not).
    public static func isInstalled(_ name: String) -> Bool { (try? locate(name)) != nil }
}
