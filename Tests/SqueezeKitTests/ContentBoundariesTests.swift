@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `--rsyncable`'s boundaries: what a block of a file finds on its own is what a scan of the whole
/// file in order finds, on varied data, runs of one byte (forced boundaries) and a short pattern
/// repeated; and members stay within `longestMember`.
@Suite struct ContentBoundariesTests {
    static let rules = ContentBoundaries(blockSize: 1024)

    /// Random bytes, a long run of zeros, text, a short pattern repeated, random bytes.
    static func mixedData() -> [UInt8] {
        var data = TestData(seed: 97)
        let pattern = Array("abcdefgh".utf8)
        return data.randomBytes(40_000) + [UInt8](repeating: 0, count: 30_000) + data.text(30_000)
            + (0..<3000).flatMap { _ in pattern } + data.randomBytes(20_000)
    }

    static func sequential(_ bytes: [UInt8]) -> [Int64] {
        var scanner = ContentBoundaries.Scanner(rules: rules, at: 0)
        var found: [Int64] = []
        // A byte at a time, as the stream cutter may be fed.
        for index in bytes.indices {
            _ = bytes[index...index].withUnsafeBytes { byte in
                scanner.scan(byte) { _, position in
                    if position < Int64(bytes.count) { found.append(position) }
                    return true
                }
            }
        }
        return found
    }

    @Test func blocksFindWhatAScanInOrderFinds() throws {
        let bytes = Self.mixedData()
        let expected = Self.sequential(bytes)
        #expect(expected.count > 40)
        let size = Int64(bytes.count)
        let read: (Int64, Int) -> [UInt8] = { offset, count in Array(bytes[Int(offset)..<min(bytes.count, Int(offset) + count)]) }
        for blockSize in [1024, 3000, 700] {
            var found: [Int64] = []
            var start: Int64 = 0
            while start < size {
                let end = min(size, start + Int64(blockSize))
                let (inside, next) = try Self.rules.boundaries(from: start, to: end, fileSize: size, read: read)
                #expect(inside.allSatisfy { $0 >= start && $0 < end })
                #expect(next == (expected.first { $0 >= end } ?? size), "block at \(start) of \(blockSize)")
                found += inside
                start = end
            }
            #expect(found == expected, "blocks of \(blockSize)")
        }
    }

    @Test func membersStayWithinTheLongestAndRunsGetForcedBoundaries() {
        let bytes = Self.mixedData()
        let ends = Self.sequential(bytes) + [Int64(bytes.count)]
        let longest = zip([0] + ends, ends).map { $1 - $0 }.max()!
        #expect(longest <= Self.rules.longestMember)
        // In the run of zeros, 40,000 to 70,000, only multiples of the forced interval.
        let inRun = ends.filter { $0 > 40_064 && $0 <= 70_000 }
        #expect(!inRun.isEmpty && inRun.allSatisfy { $0 % Self.rules.forcedInterval == 0 }, "\(inRun)")
    }

    @Test func noRunOfOneByteIsACandidate() {
        for byte in 0..<256 {
            let hash = 0 &- ContentBoundaries.gear[byte]
            #expect(hash >> 63 == 1, "byte \(byte)")
        }
    }
}
