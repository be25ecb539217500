import Foundation
import SqueezeKit

/// A command run as a user would, its standard output counted and checksummed as it comes (never
/// held: a decoded file may run to gigabytes), with the CPU time it used (user and system, as
/// GNU time reports them), for tests that compare what two programs give and what each cost.
public struct MeasuredCommand: Sendable {
    public var status: Int32
    public var cpuSeconds: Double
    public var outputLength: Int64
    public var outputChecksum: UInt32
    /// The CRC-32 of the output's first bytes, for each length asked for that it reached.
    public var prefixChecksums: [Int64: UInt32]
    public var standardError: String

    /// Where standard input comes from.
    public enum Input: Sendable {
        case nothing
        /// A pipe a thread fills with the file's bytes: the command cannot seek it.
        case pipe(fromFile: String)
    }

    /// Runs `executable`; one still running after `deadline` seconds is killed (exit 137), and one
    /// that has used `cpuLimit` seconds of CPU is stopped by the kernel (`RLIMIT_CPU`: SIGXCPU,
    /// exit 152).
    public static func run(
        _ executable: String, _ arguments: [String], input: Input = .nothing, checksummingPrefixes prefixes: Set<Int64> = [],
        deadline: Double? = nil, cpuLimit: Int? = nil
    ) throws -> MeasuredCommand {
        let scratch = try TemporaryDirectory("squeeze-measured")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CommandRunner.locate("time"))
        let command = executable.contains("/") ? executable : try CommandRunner.locate(executable)
        let timeout = try CommandRunner.locate("timeout")
        let limit = deadline.map { [timeout, "--signal=KILL", "\($0)"] } ?? []
        let cpuCap = try cpuLimit.map { [try CommandRunner.locate("prlimit"), "--cpu=\($0):\($0 + 5)"] } ?? []
        process.arguments = ["-f", "%U %S", "-o", scratch("cpu")] + limit + cpuCap + [command] + arguments
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: scratch("stderr"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: scratch("stderr"))
        var feeder: Thread?
        switch input {
        case .nothing:
            process.standardInput = FileHandle.nullDevice
        case .pipe(let path):
            let pipe = Pipe()
            process.standardInput = pipe
            let source = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            feeder = Thread {
                // A reader that stops early (an error) closes its end: the write fails, and the
                // feeding stops.
                signal(SIGPIPE, SIG_IGN)
                while let piece = try? source.read(upToCount: 1 << 20), !piece.isEmpty {
                    guard (try? pipe.fileHandleForWriting.write(contentsOf: piece)) != nil else { break }
                }
                try? pipe.fileHandleForWriting.close()
            }
        }
        try process.run()
        feeder?.start()
        var length: Int64 = 0
        var checksum: UInt32 = 0
        var prefixChecksums: [Int64: UInt32] = [:]
        if prefixes.contains(0) { prefixChecksums[0] = 0 }
        while let piece = try output.fileHandleForReading.read(upToCount: 1 << 20), !piece.isEmpty {
            piece.withUnsafeBytes { bytes in
                // Up to each prefix end in this piece, then the rest.
                var offset = 0
                for end in prefixes.sorted() where end > length && end <= length + Int64(bytes.count) {
                    let upTo = Int(end - length)
                    checksum = CRC32.update(checksum, UnsafeRawBufferPointer(rebasing: bytes[offset..<upTo]))
                    prefixChecksums[end] = checksum
                    offset = upTo
                }
                checksum = CRC32.update(checksum, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            length += Int64(piece.count)
        }
        process.waitUntilExit()
        // GNU time says first how the command ended when it did not end well, then the times.
        let times = (try String(contentsOfFile: scratch("cpu"), encoding: .utf8)).split(separator: "\n").last ?? ""
        let cpu = times.split(separator: " ").compactMap { Double($0) }.reduce(0, +)
        return MeasuredCommand(
            status: process.terminationStatus, cpuSeconds: cpu, outputLength: length, outputChecksum: checksum,
            prefixChecksums: prefixChecksums,
            standardError: String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch("stderr"))), as: UTF8.self))
    }
}
