import Foundation
import Glibc
import SqueezeKit
import SqueezeTestSupport
import Testing

/// `decompress`, `-c` and `test` of a single-member gzip (gzip's, pigz's, igzip's) through its
/// checkpoint index (FILE.gz.gzidx, or `--index`), decoded between the checkpoints in parallel:
/// the bytes `gzip -dc` gives; an index that lies (a window byte, a checkpoint's offset, another
/// file's) failing with a message and no output file; a stale one named with `--index` said as a
/// warning; the first signal ending the decode with nothing left.
@Suite struct CheckpointDecodeTests {
    /// A few MB of a tar of real headers, compressed by each tool as one member.
    static func files(in scratch: TemporaryDirectory) throws -> [String: String] {
        // pipefail-ok: sh, whose status is head's; tar's broken pipe is expected.
        let made = try CommandRunner.run(
            "sh", ["-c", "tar -cf - -C /usr/include . 2>/dev/null | head -c 5000000 > data"], currentDirectory: scratch.path)
        try #require(made.status == 0 && (try TreeBuilder.read(scratch("data"))).count == 5_000_000, "\(made.standardError)")
        var files: [String: String] = [:]
        for (name, command) in [("gzip", "gzip -6 -c data > gzip.gz"), ("pigz", "pigz -p 2 -c data > pigz.gz"), ("igzip", "igzip -c data > igzip.gz")] {
            let compressed = try CommandRunner.run("sh", ["-c", command], currentDirectory: scratch.path)
            try #require(compressed.status == 0, "\(command): \(compressed.standardError)")
            files[name] = scratch("\(name).gz")
        }
        return files
    }

    static func index(_ path: String, spacing: String, output: String? = nil) throws {
        let indexed = try Squeeze.run(["index", "-q", "--spacing", spacing, path] + (output.map { ["-o", $0] } ?? []))
        try #require(indexed.status == 0, "\(indexed.standardError)")
    }

    @Test func eachToolsMemberDecodesThroughItsIndexAsGzipDoes() throws {
        let scratch = try TemporaryDirectory()
        for (tool, path) in try Self.files(in: scratch).sorted(by: { $0.key < $1.key }) {
            try Self.index(path, spacing: "256K")
            let expected = try CommandRunner.run("gzip", ["-dc", path]).standardOutput
            let piped = try Squeeze.run(["decompress", "-c", path])
            #expect(piped.status == 0 && piped.standardOutput == expected, "\(tool): \(piped.standardError)")
            let tested = try Squeeze.run(["test", path])
            #expect(tested.status == 0, "\(tool): \(tested.standardError)")
            let decompressed = try Squeeze.run(["decompress", "-q", "--index", path + ".gzidx", path])
            #expect(decompressed.status == 0, "\(tool): \(decompressed.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: String(path.dropLast(3)))) == expected, "\(tool)")
            try FileManager.default.removeItem(atPath: String(path.dropLast(3)))
        }
    }

    /// The index's bytes with `edit` applied: the checkpoint count, and where the windows start
    /// (checkpoint 0 has none: window `n` is checkpoint `n + 1`'s).
    static func edited(_ path: String, _ edit: (inout [UInt8], _ count: Int, _ windows: Int) -> Void) throws -> [UInt8] {
        var bytes = try TreeBuilder.read(path)
        let count = Int(bytes[31]) | Int(bytes[32]) << 8 | Int(bytes[33]) << 16 | Int(bytes[34]) << 24
        edit(&bytes, count, 35 + 18 * count)
        return bytes
    }

    /// Each lie, in squeeze's index (a checkpoint every MiB: each span a block) and with squeeze's
    /// addition cut off (indexed_gzip's format, without span CRCs): exit 1, the index named, no
    /// output file, and to standard output only bytes of the file's start.
    @Test func anIndexThatLiesFailsAndNamesIt() throws {
        let scratch = try TemporaryDirectory()
        let path = try Self.files(in: scratch)["gzip"]!
        try Self.index(path, spacing: "1M")
        let original = try TreeBuilder.read(scratch("data"))
        let good = try TreeBuilder.read(path + ".gzidx")
        let count = Int(good[31]) | Int(good[32]) << 8
        try #require(count >= 4)
        let foreignLength = 35 + 18 * count + 32_768 * (count - 1)
        let lies: [(String, (inout [UInt8], Int, Int) -> Void)] = [
            ("a window byte", { bytes, _, windows in bytes[windows + 32_768 + 30_000] ^= 0x5A }),
            ("an offset", { bytes, _, _ in bytes[35 + 18 * 2] &+= 1 }),
            ("a bit", { bytes, _, _ in bytes[35 + 18 * 2 + 16] = (bytes[35 + 18 * 2 + 16] + 3) % 8 }),
        ]
        for (lie, edit) in lies {
            for foreign in [false, true] {
                var bytes = good
                edit(&bytes, count, 35 + 18 * count)
                if foreign { bytes = Array(bytes[..<foreignLength]) }
                try TreeBuilder.write(bytes, to: path + ".gzidx")
                let name = "\(lie)\(foreign ? ", indexed_gzip's format" : "")"
                let piped = try Squeeze.run(["decompress", "-c", path])
                #expect(piped.status == 1, "\(name): \(piped.standardError)")
                #expect(piped.standardError.contains("gzip.gz: the index does not match the file (index"), "\(name): \(piped.standardError)")
                #expect(piped.standardError.contains("gzip.gz.gzidx, checkpoint"), "\(name): \(piped.standardError)")
                #expect(piped.standardOutput.count < original.count && original.starts(with: piped.standardOutput), "\(name)")
                let decompressed = try Squeeze.run(["decompress", "-q", path])
                #expect(decompressed.status == 1, "\(name): \(decompressed.standardError)")
                #expect(!FileManager.default.fileExists(atPath: scratch("gzip")), "\(name)")
                #expect(try Squeeze.run(["test", "-q", path]).status == 1, "\(name)")
            }
        }
    }

    /// Another file's index: one of another size, named, is stale (a warning, exit 2, the file
    /// decoded without it); one that says it is of this file's size (indexed_gzip's format, no
    /// time or CRCs to tell) fails.
    @Test func anotherFilesIndexIsStaleOrFails() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.files(in: scratch)
        let (gzip, pigz) = (files["gzip"]!, files["pigz"]!)
        try Self.index(pigz, spacing: "1M")
        let expected = try TreeBuilder.read(scratch("data"))
        let stale = try Squeeze.run(["decompress", "-c", gzip, "--index", pigz + ".gzidx"])
        #expect(stale.status == 2, "\(stale.standardError)")
        #expect(stale.standardError.contains("pigz.gz.gzidx is stale (it is of a file of"), "\(stale.standardError)")
        #expect(stale.standardOutput == Data(expected))

        let size = try TreeBuilder.read(gzip).count
        let other = try Self.edited(pigz + ".gzidx") { bytes, count, _ in
            for shift in 0..<8 { bytes[7 + shift] = UInt8(truncatingIfNeeded: size >> (8 * shift)) }
            bytes.removeSubrange((35 + 18 * count + 32_768 * (count - 1))...)
        }
        try TreeBuilder.write(other, to: scratch("other.gzidx"))
        let lying = try Squeeze.run(["decompress", "-c", gzip, "--index", scratch("other.gzidx")])
        #expect(lying.status == 1, "\(lying.standardError)")
        #expect(lying.standardError.contains("the index does not match the file (index"), "\(lying.standardError)")
        #expect(expected.starts(with: lying.standardOutput))
    }

    @Test func indexNamesTheIndexOfOneFile() throws {
        for command in [["decompress"], ["test"]] {
            let result = try Squeeze.run(command + ["a.gz", "b.gz", "--index", "a.gz.gzidx"])
            #expect(result.status == 64)
            #expect(result.standardError.contains("--index is the index of one file, named"), "\(result.standardError)")
        }
    }

    /// `pieces` MiB of zeros in one member (a 1 MiB block repeated, each ended by a sync flush),
    /// and its index in indexed_gzip's format with a checkpoint every 64 MiB (their windows all
    /// zeros), `flipping` a byte of the window of that checkpoint.
    static func zeros(mebibytes pieces: Int, flipping flipped: Int? = nil) -> (member: [UInt8], index: [UInt8]) {
        let piece = [UInt8](repeating: 0, count: 1 << 20)
        let member = DecodeFuzzInput.repeatedMember(of: piece, level: 1) { _ in pieces }
        // header (10), the first block, the next ones (each the same), the final block (2), trailer (8).
        let two = DecodeFuzzInput.repeatedMember(of: piece, level: 1) { _ in 2 }
        let blockLength = (member.count - two.count) / (pieces - 2)
        let firstLength = two.count - 20 - blockLength
        var index = Array("GZIDX".utf8) + [1, 0]
        func append(_ value: Int, _ width: Int) { for shift in 0..<width { index.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) } }
        let count = (pieces + 63) / 64
        append(member.count, 8)
        append(pieces << 20, 8)
        append(64 << 20, 4)
        append(32_768, 4)
        append(count, 4)
        for checkpoint in 0..<count {
            append(checkpoint == 0 ? 10 : 10 + firstLength + (64 * checkpoint - 1) * blockLength, 8)
            append(checkpoint * (64 << 20), 8)
            index += [0, checkpoint == 0 ? 0 : 1]
        }
        index += [UInt8](repeating: 0, count: 32_768 * (count - 1))
        if let flipped { index[35 + 18 * count + 32_768 * (flipped - 1) + 1_000] = 1 }
        return (member, index)
    }

    /// 16 GiB of zeros in 16 MB, through its index: decoding it takes seconds; the first SIGINT
    /// ends it with exit 130 and nothing left on disk. (The same member of 192 MiB, with a window
    /// byte of its index changed, fails: such an index is used.)
    @Test func theFirstSignalEndsADecodeThroughAnIndex() throws {
        let scratch = try TemporaryDirectory()
        let small = Self.zeros(mebibytes: 192, flipping: 2)
        try TreeBuilder.write(small.member, to: scratch("small.gz"))
        try TreeBuilder.write(small.index, to: scratch("small.gzidx"))
        let used = try Squeeze.run(["test", scratch("small.gz"), "--index", scratch("small.gzidx")])
        #expect(used.status == 1 && used.standardError.contains("checkpoint 2: its window is not what the file decodes to"), "\(used.standardError)")

        let (member, index) = Self.zeros(mebibytes: 16_384)
        try TreeBuilder.write(member, to: scratch("in/data.gz"))
        try TreeBuilder.write(index, to: scratch("data.gzidx"))
        let process = try CommandRunner.start(
            Squeeze.binary, ["decompress", scratch("in/data.gz"), "--index", scratch("data.gzidx")], scratch: scratch)
        let ended = try KernelState.interruptMidDecode(process, with: SIGINT, inputBytes: member.count)
        #expect(ended != nil, "still running 5 s after the signal")
        let result = try CommandRunner.result(of: process, scratch: scratch)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(result.standardError.contains("interrupted"))
        #expect(TreeBuilder.files(under: scratch("in")) == ["data.gz"], "left behind")
    }
}
