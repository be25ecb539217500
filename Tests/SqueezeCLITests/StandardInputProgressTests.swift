import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The progress line of `squeeze compress < FILE`: standard input that is a regular file has a
/// size, from where it stands, so the line gives a percent of it. The run is held mid-way by a
/// reader of standard output that reads nothing, and the frames drawn meanwhile are read.
@Suite struct StandardInputProgressTests {
    @Test func aRegularFileOnStandardInputHasAPercent() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 12)
        try TreeBuilder.write(data.randomBytes(24_000_000), to: scratch("big"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Squeeze.binary)
        process.arguments = ["compress", "--progress", "always", "-j", "1"]
        process.standardInput = FileHandle(forReadingAtPath: scratch("big"))
        let held = Pipe()  // never read: the run stops once the pipe and the window are full
        process.standardOutput = held
        _ = FileManager.default.createFile(atPath: scratch("stderr"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: scratch("stderr"))
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let frames = { String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: scratch("stderr")))) ?? Data(), as: UTF8.self) }
        // A frame of the planned run: "N%  …  0/1 files", with N from 1 to 99.
        let percent = try Regex(#"(\d+)%\s+\S*\s*0/1 files"#)
        let seen = KernelState.waitUntil(deadline: 60) {
            frames().split(separator: "\r").contains { frame in
                (try? percent.firstMatch(in: String(frame))).flatMap { $0.output[1].substring }.flatMap { Int($0) }.map { (1...99).contains($0) } ?? false
            }
        }
        #expect(seen, "no frame with a percent: \(frames().debugDescription)")
        #expect(!frames().contains("0%  ") || !frames().contains("ETA 0:00"), "\(frames().debugDescription)")
        kill(process.processIdentifier, SIGINT)
        try held.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130 || process.terminationStatus == 141, "\(frames())")
    }
}
