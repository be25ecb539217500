import Foundation
import SqueezeKit

/// A gzip file made from a seed to make squeeze's decoders work hard, the same on every machine:
/// members of zero runs, zero-heavy and Huffman-only data, text, random and binary bytes (stored
/// blocks), fixed-Huffman and run-length blocks, with whole gzip members and DEFLATE streams
/// stored inside (false starts that decode), flushes of every kind at random points, names of any
/// length (which move every block against the chunk grid), then trailing zeros or garbage, a
/// cut, or flipped bits. Each member mixes all of these, or keeps to one kind of data
/// (`Profile`): Huffman-only zero-heavy bytes, compressible data, or high-ratio data; or it
/// repeats one MiB's block (each reaching back into the one before, as `pigz` writes them) to
/// decode to up to a GB, more than any chunk holds. Half the seeds make files around or above 16 MiB, where a single member
/// is split for block search (`seed % 4` 0: 15 to 17 MiB, 1: 17 to 24 MiB; else up to 6 MiB).
///
/// The content is never held: each piece goes to the deflater and the CRC-32 as it is made, and
/// its total is capped (`contentLimit`), so that no seed decodes to more than a few hundred MB.
/// A seed's file depends on this code: change what a seed makes only by adding kinds at the end
/// of a choice, and keep the regression seeds (`testdata/decode-fuzz-seeds.txt`) failing before
/// the fix they record.
public struct DecodeFuzzInput: Sendable {
    public let seed: UInt64
    public let bytes: [UInt8]
    /// What went into the file, in order: for a failing seed's message.
    public let recipe: [String]

    /// Decoded bytes a member holds at most (its compressed target may not be reached).
    public static let contentLimit = 192 << 20

    public init(seed: UInt64, material: FuzzMaterial = .shared) {
        self.seed = seed
        // Seeds next to each other start far apart in SplitMix64's sequence.
        var mixer = TestData(seed: seed)
        var data = TestData(seed: mixer.next())
        var recipe: [String] = []
        let target: Int
        switch seed % 4 {
        case 0: target = data.int(in: 15 << 20...17 << 20)
        case 1: target = data.int(in: 17 << 20...24 << 20)
        default: target = data.int(in: 64 << 10...6 << 20)
        }
        // Single members are what the block search splits.
        let members = data.int(in: 0...9) < (seed % 4 < 2 ? 8 : 6) ? 1 : data.int(in: 2...4)
        recipe.append("target \(target) bytes, \(members) member\(members == 1 ? "" : "s")")
        var bytes: [UInt8] = []
        for _ in 0..<members {
            bytes += Self.member(target: target / members, data: &data, material: material, recipe: &recipe)
        }
        switch data.int(in: 0...19) {
        case 0...3:
            let count = data.int(in: 0...1) == 0 ? 1 : data.int(in: 1...200_000)
            bytes += [UInt8](repeating: 0, count: count)
            recipe.append("\(count) zeros after")
        case 4...5:
            let count = data.int(in: 1...100_000)
            bytes += data.randomBytes(count)
            recipe.append("\(count) bytes of garbage after")
        case 6:
            let count = data.int(in: 1...9)
            bytes += Array(GzipHeader().encoded().prefix(count))
            recipe.append("\(count) bytes of a header after")
        default: break
        }
        switch data.int(in: 0...19) {
        case 0...3:
            let length = data.int(in: 0...9) < 3 ? bytes.count - data.int(in: 1...min(bytes.count, 64)) : data.int(in: 1...bytes.count - 1)
            recipe.append("cut to \(length) of \(bytes.count) bytes")
            bytes.removeLast(bytes.count - length)
        case 4...6:
            for _ in 0..<data.int(in: 1...3) {
                let at = data.int(in: 0...bytes.count - 1), bit = data.int(in: 0...7)
                bytes[at] ^= 1 << UInt8(bit)
                recipe.append("bit \(bit) of byte \(at) flipped")
            }
        default: break
        }
        self.bytes = bytes
        self.recipe = recipe
    }

    /// A member of about `target` compressed bytes (or `contentLimit` decoded ones, first).
    private static func member(target: Int, data: inout TestData, material: FuzzMaterial, recipe: inout [String]) -> [UInt8] {
        var header = GzipHeader()
        if data.int(in: 0...2) == 0 {
            // Names of any length, up to one that moves the data by a whole 64 KiB.
            header.name = (0..<data.int(in: 1...66_000)).map { _ in UInt8(data.int(in: 1...255)) }
        }
        if data.int(in: 0...7) == 0 { header.comment = Array("fuzzed \(data.next())".utf8) }
        if data.int(in: 0...7) == 0 { header.extra = [UInt8(ascii: "F"), UInt8(ascii: "Z"), 4, 0] + data.randomBytes(4) }
        header.hasHeaderCRC = data.int(in: 0...7) == 0
        let profile = Profile.allCases[data.int(in: 0...Profile.allCases.count - 1)]
        if profile == .repeatedBlocks { return repeatedBlocks(target: target, header: header, data: &data, material: material, recipe: &recipe) }
        var level = profile.levels[data.int(in: 0...profile.levels.count - 1)]
        var strategy = profile.strategies[data.int(in: 0...profile.strategies.count - 1)]
        let deflater = RawDeflater(level: level, strategy: strategy)
        var checksum: UInt32 = 0
        var length = 0
        var pieces: [String] = ["\(profile)", "level \(level) \(strategy)"]
        while deflater.output.count < target && length < contentLimit {
            if data.int(in: 0...5) == 0 {
                level = profile.levels[data.int(in: 0...profile.levels.count - 1)]
                strategy = profile.strategies[data.int(in: 0...profile.strategies.count - 1)]
                deflater.set(level: level, strategy: strategy)
                pieces.append("level \(level) \(strategy)")
            }
            let kind = profile.pieces[data.int(in: 0...profile.pieces.count - 1)]
            let (piece, name) = material.piece(kind, data: &data, upTo: contentLimit - length)
            let flush = data.int(in: 0...3) == 0 ? [RawDeflater.Flush.partial, .sync, .full, .block][data.int(in: 0...3)] : .none
            deflater.write(piece[...], flush: flush)
            piece.withUnsafeBytes { checksum = CRC32.update(checksum, $0) }
            length += piece.count
            pieces.append(flush == .none ? name : "\(name), \(flush) flush")
        }
        let stream = deflater.finish()
        recipe.append("member: \(header.name?.count ?? 0)-byte name, \(length) bytes in \(stream.count): " + pieces.joined(separator: "; "))
        return header.encoded() + stream + trailer(checksum: checksum, length: length)
    }

    /// A member of one MiB of content repeated: its first block, then the block the same MiB
    /// compresses to after it (reaching back into the copy before), as often as `target` bytes
    /// hold, up to `repeatedLimit` MiB.
    private static func repeatedBlocks(
        target: Int, header: GzipHeader, data: inout TestData, material: FuzzMaterial, recipe: inout [String]
    ) -> [UInt8] {
        let kind = [FuzzMaterial.Kind.zeros, .zeroHeavy, .pattern, .text][data.int(in: 0...3)]
        var piece: [UInt8] = [], name = ""
        while piece.count < 1 << 20 {
            let (more, moreName) = material.piece(kind, data: &data, upTo: (1 << 20) - piece.count)
            piece += more
            name = moreName
        }
        let level = [1, 6][data.int(in: 0...1)]
        let member = repeatedMember(of: piece, level: level, header: header) { min(repeatedLimit, target / max(1, $0)) }
        recipe.append("member: \(header.name?.count ?? 0)-byte name, \(name) repeated at level \(level) in \(member.count) bytes")
        return member
    }

    /// The most MiB a repeated member decodes to.
    static let repeatedLimit = 1_024

    /// A member of `piece` repeated: the block it compresses to first, then the block it
    /// compresses to after itself (reaching back into the copy before, as `pigz` does), each ended
    /// by a sync flush, as many times as `count` says for that block's length (at least twice),
    /// then an empty final block. Gigabytes that take no time to make.
    public static func repeatedMember(of piece: [UInt8], level: Int, header: GzipHeader = GzipHeader(), count: (Int) -> Int) -> [UInt8] {
        let deflater = RawDeflater(level: level)
        deflater.write(piece[...], flush: .sync)
        let first = deflater.output
        deflater.write(piece[...], flush: .sync)
        let next = Array(deflater.output[first.count...])
        let count = max(2, count(next.count))
        let checksum = piece.withUnsafeBytes { CRC32.update(0, $0) }
        var total: UInt32 = 0
        for _ in 0..<count { total = CRC32.combine(total, checksum, secondLength: Int64(piece.count)) }
        var member = header.encoded() + first
        member.reserveCapacity(member.count + next.count * count + 16)
        for _ in 1..<count { member += next }
        // BFINAL, fixed codes, end of block.
        return member + [0x03, 0x00] + trailer(checksum: total, length: count * piece.count)
    }

    /// A member's trailer: CRC-32 and length (modulo 2^32), little-endian.
    public static func trailer(checksum: UInt32, length: Int) -> [UInt8] {
        [checksum, UInt32(truncatingIfNeeded: length)].flatMap { value in
            stride(from: 0, to: 32, by: 8).map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
        }
    }
}

/// What a member's content is made of, and how it is compressed.
enum Profile: CaseIterable {
    case mixed, huffmanOnlyZeroHeavy, compressible, highRatio, repeatedBlocks

    var pieces: [FuzzMaterial.Kind] {
        switch self {
        case .mixed: FuzzMaterial.Kind.allCases
        case .huffmanOnlyZeroHeavy: [.zeroHeavy, .zeroHeavy, .zeros, .text]
        case .compressible: [.text, .text, .binary, .pattern, .zeroHeavy]
        case .highRatio: [.zeros, .pattern, .zeroHeavy]
        case .repeatedBlocks: []
        }
    }

    var levels: [Int] {
        switch self {
        case .mixed: [0, 1, 1, 6, 9]
        case .huffmanOnlyZeroHeavy, .compressible: [1, 6, 9]
        case .highRatio, .repeatedBlocks: [1, 6]
        }
    }

    var strategies: [RawDeflater.Strategy] {
        switch self {
        case .mixed: RawDeflater.Strategy.allCases
        case .huffmanOnlyZeroHeavy: [.huffmanOnly]
        case .compressible: [.normal, .normal, .filtered, .fixed]
        case .highRatio, .repeatedBlocks: [.normal, .runLength]
        }
    }
}

/// What fuzzed members are cut from, made once: text, random bytes, the system's binaries, and
/// whole gzip members and raw DEFLATE streams (which decode as false starts where they lie
/// stored).
///
/// `@unchecked Sendable`: every field is a `let` of value type, set in `init`.
public final class FuzzMaterial: @unchecked Sendable {
    public static let shared = FuzzMaterial()

    let text: [UInt8]
    let random: [UInt8]
    let binary: [UInt8]
    let members: [[UInt8]]
    let streams: [[UInt8]]

    init() {
        var data = TestData(seed: 0xF022)
        let text = data.text(4 << 20), random = data.randomBytes(4 << 20)
        self.text = text
        self.random = random
        var binary: [UInt8] = []
        for path in ["/usr/bin/bash", "/usr/bin/tar", "/usr/bin/gzip", "/usr/include/stdio.h", "/usr/include/unistd.h"] {
            binary += (try? TreeBuilder.read(path)) ?? []
        }
        self.binary = binary.isEmpty ? random : binary
        members = (0..<8).map { index in
            let content = Array(text[(index * 40_000)..<(index * 40_000 + 30_000)])
            let deflater = RawDeflater(level: 6)
            deflater.write(content[...])
            let crc = content.withUnsafeBytes { CRC32.update(0, $0) }
            return GzipHeader().encoded() + deflater.finish() + DecodeFuzzInput.trailer(checksum: crc, length: content.count)
        }
        streams = (0..<8).map { index in
            let deflater = RawDeflater(level: 1 + index, strategy: index % 2 == 0 ? .normal : .huffmanOnly)
            deflater.write(text[(index * 50_000)..<(index * 50_000 + 20_000)], flush: .sync)
            deflater.write(random[(index * 1_000)..<(index * 1_000 + 500)])
            return deflater.finish()
        }
    }

    /// The kinds of pieces of content.
    enum Kind: CaseIterable {
        case zeros, zeroHeavy, text, random, binary, pattern, members, streams, textAndRandom
    }

    /// A piece of content of `kind`, of at most `limit` bytes, and its name.
    func piece(_ kind: Kind, data: inout TestData, upTo limit: Int) -> (bytes: [UInt8], name: String) {
        let size = min(limit, data.int(in: 0...3) == 0 ? data.int(in: 1...4 << 20) : data.int(in: 1...300_000))
        func slice(_ source: [UInt8]) -> [UInt8] {
            let count = min(size, source.count)
            let start = data.int(in: 0...source.count - count)
            return Array(source[start..<(start + count)])
        }
        switch kind {
        case .zeros:
            return ([UInt8](repeating: 0, count: size), "\(size) zeros")
        case .zeroHeavy:
            var bytes = [UInt8](repeating: 0, count: size)
            for _ in 0..<max(1, size / data.int(in: 32...400)) { bytes[data.int(in: 0...size - 1)] = UInt8(truncatingIfNeeded: data.next()) }
            return (bytes, "\(size) zero-heavy bytes")
        case .text: return (slice(text), "\(size) bytes of text")
        case .random: return (slice(random), "\(size) random bytes")
        case .binary: return (slice(binary), "\(size) bytes of binaries")
        case .pattern:
            let pattern = data.randomBytes(data.int(in: 1...300))
            var bytes = pattern
            while bytes.count < size { bytes += bytes }
            return (Array(bytes.prefix(size)), "a \(pattern.count)-byte pattern, \(size) bytes")
        case .members:
            let count = data.int(in: 1...20)
            return ((0..<count).flatMap { _ in members[data.int(in: 0...members.count - 1)] }, "\(count) gzip members")
        case .streams:
            let count = data.int(in: 1...20)
            return ((0..<count).flatMap { _ in streams[data.int(in: 0...streams.count - 1)] }, "\(count) DEFLATE streams")
        case .textAndRandom:
            return (slice(text) + slice(random), "text and random bytes")
        }
    }
}
