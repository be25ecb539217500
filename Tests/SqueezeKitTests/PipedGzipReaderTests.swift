import Foundation
import Glibc
import SqueezeTestSupport
import Testing
@testable import SqueezeKit
import SqueezeOperationQueue

@Suite struct PipedGzipReaderTests {
    /// What a decode from a pipe gave: the bytes delivered, the outcome, and what the pipe still
    /// held after it (read to the end).
    struct Piped {
        var delivered: [UInt8]
        var outcome: PipedDecodeOutcome
        var rest: [UInt8]
    }

    /// Writes `bytes` into a pipe from another thread while `reader` decodes from its other end.
    static func decode(_ bytes: [UInt8], with reader: PipedGzipReader) throws -> Piped {
        let readEnd = FedPipe.readEnd(feeding: bytes)
        defer { close(readEnd) }
        let collected = Locked<[UInt8]>([])
        let outcome = try reader.decode(ReadableFile(PathName("/proc/self/fd/\(readEnd)"))) { chunk in collected.withLock { $0 += chunk } }
        var rest: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            rest += chunk[..<count]
        }
        return Piped(delivered: collected.withLock { $0 }, outcome: outcome, rest: rest)
    }

    static func reader(jobs: Int = 3, mode: SchedulingMode = .apply, runLimit: Int = 0, readAhead: Int = 4 << 20) -> PipedGzipReader {
        var reader = PipedGzipReader(scheduling: SchedulingOptions(mode: mode, jobs: jobs, operationScheduler: .operationQueue), readAhead: readAhead)
        reader.runLimit = runLimit
        return reader
    }

    @Test(arguments: SchedulingMode.allCases)
    func decodesIndexedMembersFromAPipeInOrder(mode: SchedulingMode) throws {
        var data = TestData(seed: 61)
        let original = data.text(1_500_000) + data.randomBytes(300_000)
        let bytes = GzipBytes.indexed(original, blockSize: 32 << 10)
        let piped = try Self.decode(bytes, with: Self.reader(mode: mode, runLimit: 100_000, readAhead: 400_000))
        #expect(ByteDifference.between(piped.delivered, original) == nil)
        guard case .finished(let summary) = piped.outcome else {
            Issue.record("not finished: \(piped.outcome)")
            return
        }
        #expect(summary.members == 55)
        #expect(summary.uncompressedBytes == Int64(original.count))
        #expect(summary.compressedBytes == Int64(bytes.count))
        #expect(summary.firstHeader?.name == Array("data".utf8))
        #expect(piped.rest.isEmpty)
    }

    /// bgzip's output, its empty last member included, through the same path.
    @Test func decodesBgzipFromAPipe() throws {
        try #require(CommandRunner.isInstalled("bgzip"), "bgzip is not installed (scripts/bootstrap installs tabix)")
        var data = TestData(seed: 62)
        let original = data.text(700_000)
        let compressed = try CommandRunner.run("bgzip", ["-c"], input: Data(original))
        #expect(compressed.status == 0)
        let piped = try Self.decode(Array(compressed.standardOutput), with: Self.reader())
        #expect(ByteDifference.between(piped.delivered, original) == nil)
        guard case .finished(let summary) = piped.outcome else {
            Issue.record("not finished: \(piped.outcome)")
            return
        }
        #expect(summary.members > 10)
    }

    /// Other gzip: nothing is delivered, and every byte read is handed to the stream.
    @Test func handsAnyOtherGzipToTheStream() throws {
        var data = TestData(seed: 63)
        let bytes = GzipBytes.member(data.text(3_000_000))
        let piped = try Self.decode(bytes, with: Self.reader())
        #expect(piped.delivered.isEmpty)
        guard case .handOff(let handOff) = piped.outcome else {
            Issue.record("not handed off")
            return
        }
        #expect(handOff.membersBefore == 0 && handOff.compressedBytesBefore == 0 && handOff.firstHeader == nil)
        #expect(handOff.pending + piped.rest == bytes)
    }

    /// Indexed members, then a plain member: the indexed ones are delivered, the stream gets the
    /// rest from the plain member's header on.
    @Test func handsOverAtTheFirstMemberWithoutALength() throws {
        var data = TestData(seed: 64)
        let first = data.text(400_000), second = data.text(50_000)
        let indexed = GzipBytes.indexed(first, blockSize: 64 << 10)
        let bytes = indexed + GzipBytes.member(second) + [0, 0, 0]
        let piped = try Self.decode(bytes, with: Self.reader(runLimit: 1 << 20))
        #expect(piped.delivered == first)
        guard case .handOff(let handOff) = piped.outcome else {
            Issue.record("not handed off")
            return
        }
        #expect(handOff.membersBefore == 7 && handOff.uncompressedBytesBefore == Int64(first.count))
        #expect(handOff.compressedBytesBefore == Int64(indexed.count))
        #expect(handOff.pending + piped.rest == Array(bytes[indexed.count...]))
    }

    /// Seeded damage (bit flips anywhere, truncations): what is delivered is always a prefix of
    /// the original made of whole verified members, and the stream gets exactly the bytes after
    /// them, so that it can report the damage.
    @Test func damagedInputIsNeverDelivered() throws {
        var data = TestData(seed: 65)
        let original = data.text(300_000) + data.randomBytes(60_000)
        let intact = GzipBytes.indexed(original, blockSize: 16 << 10)
        for round in 0..<20 {
            var bytes = intact
            if round % 2 == 0 {
                bytes[data.int(in: 0...(bytes.count - 1))] ^= UInt8(1) << data.int(in: 0...7)
            } else {
                bytes = Array(bytes.prefix(data.int(in: 1...(bytes.count - 1))))
            }
            let piped = try Self.decode(bytes, with: Self.reader(jobs: data.int(in: 1...4), runLimit: data.int(in: 0...100_000)))
            #expect(Array(original.prefix(piped.delivered.count)) == piped.delivered, "round \(round)")
            switch piped.outcome {
            case .finished:
                #expect(piped.delivered == original, "round \(round)")
            case .handOff(let handOff):
                #expect(handOff.uncompressedBytesBefore == Int64(piped.delivered.count), "round \(round)")
                #expect(handOff.pending + piped.rest == Array(bytes[Int(handOff.compressedBytesBefore)...]), "round \(round)")
            }
        }
    }

    /// A member claiming more than the read-ahead allows is not read into memory: the stream gets it.
    @Test func leavesMembersLargerThanTheReadAheadToTheStream() throws {
        var data = TestData(seed: 66)
        let original = data.randomBytes(3 << 20)
        let bytes = GzipBytes.indexed(original, blockSize: 1 << 20)
        let piped = try Self.decode(bytes, with: Self.reader(readAhead: 1 << 20))
        #expect(piped.delivered.isEmpty)
        guard case .handOff(let handOff) = piped.outcome else {
            Issue.record("not handed off")
            return
        }
        #expect(handOff.pending + piped.rest == bytes)
    }
}
