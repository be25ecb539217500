import Foundation
import SqueezeTestSupport
import Testing

/// `compress --rsyncable`: one byte inserted near the start of a file changes only the members
/// around it (the `scripts/bench-large` run measures a 100 MB tar, beside `pigz -R`); the output
/// stays indexed members that decode in parallel, and costs little ratio.
@Suite struct RsyncableTests {
    /// Text and random bytes mixed, 3 MB: about fifty members of 64 KiB.
    static func sample() -> [UInt8] {
        var data = TestData(seed: 113)
        var bytes: [UInt8] = []
        while bytes.count < 3_000_000 { bytes += data.text(50_000) + data.randomBytes(10_000) }
        return bytes
    }

    /// The members of squeeze's indexed output, found by their index fields.
    static func members(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var members: [ArraySlice<UInt8>] = []
        var offset = 0
        while offset < bytes.count {
            let extraLength = Int(bytes[offset + 10]) | Int(bytes[offset + 11]) << 8
            // Subfield "SQ": its first four bytes are the member's length.
            let field = bytes[(offset + 12)..<(offset + 12 + extraLength)]
            guard let at = field.indices.first(where: { bytes[$0] == 0x53 && bytes[$0 + 1] == 0x51 }) else { break }
            let length = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            members.append(bytes[offset..<(offset + length)])
            offset += length
        }
        return members
    }

    /// The share of `after`'s members that are byte for byte one of `before`'s.
    static func sharedMembers(_ before: [UInt8], _ after: [UInt8]) -> Double {
        let old = Set(members(before).map { Array($0) })
        let new = members(after)
        return Double(new.filter { old.contains(Array($0)) }.count) / Double(max(new.count, 1))
    }

    /// The sample as `a/data`, and as `b/data` with a byte inserted at offset 1,000.
    static func writeSampleAndEdited(in scratch: TemporaryDirectory) throws -> (original: [UInt8], edited: [UInt8]) {
        let original = sample()
        let edited = Array(original[..<1000]) + [0x2A] + Array(original[1000...])
        try TreeBuilder.write(original, to: scratch("a/data"))
        try TreeBuilder.write(edited, to: scratch("b/data"))
        return (original, edited)
    }

    /// `squeeze compress -c -n` of `path` in 64 KiB blocks, with `extra`.
    static func compressToStandardOutput(_ path: String, _ extra: [String]) throws -> [UInt8] {
        let result = try Squeeze.run(["compress", "-c", "-n", "--block-size", "64KiB", path] + extra)
        #expect(result.status == 0, "\(result.standardError)")
        return Array(result.standardOutput)
    }

    @Test func aByteInsertedNearTheStartChangesOnlyTheMembersAroundIt() throws {
        let scratch = try TemporaryDirectory()
        let (original, edited) = try Self.writeSampleAndEdited(in: scratch)
        let compress = Self.compressToStandardOutput
        let before = try compress(scratch("a/data"), ["--rsyncable"])
        let after = try compress(scratch("b/data"), ["--rsyncable"])
        #expect(Self.members(after).count > 30)
        let shared = Self.sharedMembers(before, after)
        #expect(shared >= 0.95, "\(shared) of the members are the same")
        // Fixed blocks: every member after the insertion moves its contents by a byte.
        let fixedShared = Self.sharedMembers(try compress(scratch("a/data"), []), try compress(scratch("b/data"), []))
        #expect(fixedShared < 0.1)
        // The ratio costs less than 1% against fixed blocks.
        let fixed = try compress(scratch("a/data"), [])
        #expect(Double(before.count) < Double(fixed.count) * 1.01, "\(before.count) against \(fixed.count)")

        // Both decode, with gzip and squeeze, and are indexed for parallel decoding.
        for (name, compressed, expected) in [("before", before, original), ("after", after, edited)] {
            try TreeBuilder.write(compressed, to: scratch("\(name).gz"))
            let gunzip = try CommandRunner.run("gzip", ["-dc", scratch("\(name).gz")])
            let gzipRead = Array(gunzip.standardOutput) == expected
            #expect(gunzip.status == 0 && gzipRead, "\(name)")
            let decoded = try Squeeze.run(["decompress", "-c", scratch("\(name).gz")])
            let squeezeRead = Array(decoded.standardOutput) == expected
            #expect(decoded.status == 0 && squeezeRead, "\(name)")
            let listed = try Squeeze.run(["list", "--json", "-", scratch("\(name).gz")])
            #expect(listed.output.contains("\"sizeSource\":\"index\""), "\(listed.output)")
        }
    }

    @Test func aStreamAndEveryModeWriteTheFilesBytes() throws {
        let scratch = try TemporaryDirectory()
        let original = Self.sample()
        try TreeBuilder.write(original, to: scratch("data"))
        var outputs: Set<Data> = []
        for (mode, jobs) in [("sequential", "1"), ("group", "2"), ("apply", "2"), ("operation", "3")] {
            let result = try Squeeze.run(["compress", "-c", "-n", "--rsyncable", "--block-size", "64KiB", "--mode", mode, "-j", jobs, scratch("data")])
            outputs.insert(result.standardOutput)
        }
        let streamed = try Squeeze.run(["compress", "--rsyncable", "--block-size", "64KiB"], input: Data(original))
        outputs.insert(streamed.standardOutput)
        #expect(outputs.count == 1)
        // A file compressed in place (its blocks finding their members' starts on their own) is
        // cut the same: the same members but for the time in each header and the first's name.
        let inPlace = try Squeeze.run(["compress", "-q", "--rsyncable", "--block-size", "64KiB", scratch("data")])
        #expect(inPlace.status == 0)
        func timeless(_ member: ArraySlice<UInt8>) -> [UInt8] {
            var bytes = Array(member)
            bytes.replaceSubrange(4..<8, with: [0, 0, 0, 0])
            return bytes
        }
        let members = Self.members(try TreeBuilder.read(scratch("data.gz"))).map(timeless)
        let streamedMembers = Self.members(Array(streamed.standardOutput)).map(timeless)
        #expect(members.count == streamedMembers.count && members.count > 30)
        #expect(members.dropFirst() == streamedMembers.dropFirst())
    }

    /// One stream (`--single-member`, zlib's and zip's formats, what gzip's names write): its
    /// blocks start where the bytes say, each primed with the 32 KiB before it, so that after
    /// the block with the inserted byte the compressed bytes are those of before, as with gzip
    /// --rsyncable; a stream and every mode cut it alike; every reader reads it whole.
    @Test func oneStreamIsCutByTheBytesToo() throws {
        let scratch = try TemporaryDirectory()
        let (original, edited) = try Self.writeSampleAndEdited(in: scratch)
        let compress = Self.compressToStandardOutput
        /// How much of the two outputs' ends (before their trailers) is the same.
        func sharedEnd(_ first: [UInt8], _ second: [UInt8], trailer: Int) -> Double {
            let (a, b) = (first.dropLast(trailer), second.dropLast(trailer))
            let same = zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
            return Double(same) / Double(a.count)
        }
        for (extra, trailer) in [(["--single-member"], 8), (["--format", "zlib"], 4)] {
            let before = try compress(scratch("a/data"), extra + ["--rsyncable"])
            let after = try compress(scratch("b/data"), extra + ["--rsyncable"])
            #expect(sharedEnd(before, after, trailer: trailer) > 0.9, "\(extra)")
            let fixed = try compress(scratch("a/data"), extra)
            #expect(sharedEnd(fixed, try compress(scratch("b/data"), extra), trailer: trailer) < 0.1, "\(extra)")
            #expect(Double(before.count) < Double(fixed.count) * 1.01, "\(extra): \(before.count) against \(fixed.count)")
            var outputs: Set<[UInt8]> = [before]
            for (mode, jobs) in [("sequential", "1"), ("group", "2"), ("operation", "3")] {
                outputs.insert(try compress(scratch("a/data"), extra + ["--rsyncable", "--mode", mode, "-j", jobs]))
            }
            let streamed = try Squeeze.run(["compress", "--rsyncable", "--block-size", "64KiB"] + extra, input: Data(original))
            outputs.insert(Array(streamed.standardOutput))
            #expect(outputs.count == 1, "\(extra)")
            // Python's one-shot zlib reads it whole (gzip's wbits 31, zlib's 15).
            try TreeBuilder.write(after, to: scratch("after"))
            let python = try CommandRunner.run("python3", [
                "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read(), int(sys.argv[2])))",
                scratch("after"), extra == ["--single-member"] ? "31" : "15",
            ])
            let whole = Array(python.standardOutput) == edited
            #expect(python.status == 0 && whole, "\(extra): \(python.standardError)")
        }
    }
}
