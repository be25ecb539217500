import Foundation
import Glibc
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// `ReadableFile.replay` on a pipe: bytes a reader read ahead are read again from their offset by
/// the next reader, as often as it goes back into them, until it reads past them.
@Suite struct ReadableFileReplayTests {
    /// A pipe holding `bytes` (written whole, then closed), open as a `ReadableFile`.
    static func pipe(holding bytes: [UInt8]) throws -> ReadableFile {
        let readEnd = FedPipe.readEnd(feeding: bytes)
        defer { close(readEnd) }
        return try ReadableFile(PathName("/proc/self/fd/\(readEnd)"))
    }

    @Test func replayedBytesAreReadAgainUntilAReadMovesPastThem() throws {
        var data = TestData(seed: 77)
        let bytes = data.randomBytes(300_000)
        let file = try Self.pipe(holding: bytes)
        #expect(file.isSequential)
        // Past the 64 KiB head, so that only the replay can give the bytes back.
        let first = try file.read(count: 200_000, at: 0)
        #expect(first == Array(bytes[..<200_000]))
        file.replay(Array(bytes[150_000..<200_000]))
        // Back into the replay, through its end and on into the pipe.
        #expect(try file.read(count: 60_000, at: 150_000) == Array(bytes[150_000..<210_000]))
        // A read that started inside the replay did not drop it: a reader may go back again.
        #expect(try file.read(count: 10, at: 160_000) == Array(bytes[160_000..<160_010]))
        // Reading on past it lets it go; going back then fails as for any pipe.
        #expect(try file.read(count: 1_000, at: 210_000) == Array(bytes[210_000..<211_000]))
        #expect(throws: SystemError.self) { try file.read(count: 10, at: 160_000) }
        #expect(try file.read(count: 200_000, at: 211_000) == Array(bytes[211_000...]))
    }

    @Test func aReplayOutlivesTheEndOfTheStream() throws {
        var data = TestData(seed: 78)
        let bytes = data.randomBytes(100_000)
        let file = try Self.pipe(holding: bytes)
        #expect(try file.read(count: 200_000, at: 0) == bytes)
        file.replay(Array(bytes[70_000...]))
        #expect(try file.read(count: 50_000, at: 70_000) == Array(bytes[70_000...]))
        // At the end nothing more comes: the replay stays for a reader that goes back.
        #expect(try file.read(count: 10, at: 100_000).isEmpty)
        #expect(try file.read(count: 10, at: 90_000) == Array(bytes[90_000..<90_010]))
    }
}
