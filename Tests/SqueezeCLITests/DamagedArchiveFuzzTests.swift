import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Damaged `.tar.gz` files, squeeze's own (many small members) and GNU tar's (one member), each
/// damaged at a seeded place: a flipped byte, a cut, or a run of zeros. Whatever `extract` makes of
/// them, no file may stand under its final name with bytes other than the original's, no
/// temporary may be left, and a run that leaves a file out must fail, naming an entry or the archive.
@Suite struct DamagedArchiveFuzzTests {
    static let seeds: ClosedRange<UInt64> = 1...40

    /// Several files, some spanning many 16 KiB members, some inside one.
    static func makeTree(in root: String) throws -> [String: [UInt8]] {
        var data = TestData(seed: 90)
        let files: [String: [UInt8]] = [
            "big.log": data.text(120_000),
            "noise.bin": data.randomBytes(50_000),
            "sub/small.txt": data.text(3_000),
            "sub/medium.txt": data.text(40_000),
            "sub/deeper/tiny": data.text(200),
            "last.txt": data.text(70_000),
        ]
        for (name, bytes) in files { try TreeBuilder.write(bytes, to: "\(root)/\(name)") }
        return files
    }

    enum Damage: CustomStringConvertible {
        case flip(at: Int)
        case cut(at: Int)
        case zeros(at: Int, count: Int)

        init(seed: UInt64, size: Int) {
            var data = TestData(seed: seed)
            let position = data.int(in: 0...(size - 1))
            switch data.int(in: 0...2) {
            case 0: self = .flip(at: position)
            case 1: self = .cut(at: position)
            default: self = .zeros(at: position, count: data.int(in: 1...64))
            }
        }

        func apply(to bytes: [UInt8]) -> [UInt8] {
            var damaged = bytes
            switch self {
            case .flip(let position): damaged[position] ^= 0x5A
            case .cut(let position): damaged.removeSubrange(position...)
            case .zeros(let position, let count):
                for index in position..<min(bytes.count, position + count) { damaged[index] = 0 }
            }
            return damaged
        }

        var description: String {
            switch self {
            case .flip(let position): "byte \(position) flipped"
            case .cut(let position): "cut at \(position)"
            case .zeros(let position, let count): "\(count) zeros at \(position)"
            }
        }
    }

    /// Names that `makeTree`'s files get as hard links, by the file they are another name of.
    static let hardLinks = ["big.log": ["sub/big-again.log", "zz-big-last.log"], "sub/small.txt": ["a-small-first.txt"]]

    static func makeLinks(in root: String, files: inout [String: [UInt8]]) throws {
        for (file, links) in hardLinks {
            for name in links {
                try #require(link("\(root)/\(file)", "\(root)/\(name)") == 0)
                files[name] = files[file]
            }
        }
    }

    /// `files` as the archive names them: under `prefix`. The names of one file that were left
    /// must still be one file: a damaged file takes its links down with it.
    func fuzz(
        _ archive: [UInt8], files unprefixed: [String: [UInt8]], prefix: String, in scratch: TemporaryDirectory,
        seeds: some Sequence<UInt64> = Self.seeds, label: String = "", storesLinks: Bool = true
    ) throws {
        let files = Dictionary(uniqueKeysWithValues: unprefixed.map { (prefix + $0.key, $0.value) })
        for seed in seeds {
            let damage = Damage(seed: seed, size: archive.count)
            let damaged = damage.apply(to: archive)
            if damaged == archive { continue }
            let path = scratch("damaged-\(seed).tar.gz"), destination = scratch("out-\(seed)")
            try TreeBuilder.write(damaged, to: path)
            let result = try Squeeze.run(["extract", path, "-C", destination, "-q", "-j", "3"])
            let context = "\(label)seed \(seed): \(damage): status \(result.status): \(result.standardError)"

            let left = TreeBuilder.files(under: destination)
            #expect(!left.contains { $0.contains(".squeeze-") }, "\(context): \(left)")
            for name in left where !name.contains(".squeeze-") {
                #expect(files[name] == (try? TreeBuilder.read("\(destination)/\(name)")), "\(context): \(name) is not the original")
            }
            let isComplete = Set(left) == Set(files.keys)
            if result.status == 0 {
                #expect(isComplete, "\(context): exit 0 with \(left)")
            } else {
                #expect(result.status == 1, "\(context)")
                let named = result.standardError.contains(path) || files.keys.contains { result.standardError.contains($0) }
                #expect(named, "\(context)")
            }
            // A cut, or zeros at the end, always loses data: never a success.
            if case .cut = damage { #expect(result.status != 0, "\(context)") }
            // zip has no hard links: it stores each name as a file of its own.
            for (file, links) in Self.hardLinks where storesLinks {
                let present = ([file] + links).map { prefix + $0 }.filter(left.contains)
                let identities = Set(present.map { name -> [UInt64] in
                    var status = stat()
                    return lstat("\(destination)/\(name)", &status) == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_nlink)] : []
                })
                #expect(present.isEmpty || identities.count == 1 && identities.first?.last == UInt64(present.count),
                        "\(context): \(present) are not one file")
            }
            DeepTree.remove(destination)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Every cell of the interop matrix whose bytes are checked (each writer and format through
    /// gzip, pigz, pigz -i, bgzip, igzip, xz, zstd and bzip2, zip, squeeze's own; not an
    /// uncompressed tar, whose data nothing checks), hard links included, each damaged at a few
    /// seeded places.
    @Test func matrixArchivesDamagedAnywhereLeaveOnlyOriginalFiles() throws {
        let scratch = try TemporaryDirectory()
        var files = try Self.makeTree(in: scratch("source/tree"))
        try Self.makeLinks(in: scratch("source/tree"), files: &files)
        let archives = try InteropMatrixTests.writeArchives(in: scratch, big: nil)
        let checked = archives.filter { !$0.contains(".none.") || $0.hasSuffix(".zip") }
        #expect(checked.count == 7 * 8 + 3, "\(checked)")
        for (index, name) in checked.enumerated() {
            let first = UInt64(100 + 3 * index)
            try fuzz(try TreeBuilder.read(scratch("archives/\(name)")), files: files, prefix: "tree/", in: scratch,
                     seeds: first..<(first + 3), label: "\(name): ", storesLinks: !name.hasSuffix(".zip"))
        }
    }

    @Test func squeezeArchivesDamagedAnywhereLeaveOnlyOriginalFiles() throws {
        let scratch = try TemporaryDirectory()
        var files = try Self.makeTree(in: scratch("tree"))
        try Self.makeLinks(in: scratch("tree"), files: &files)
        let archived = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("a.tar.gz"), "--block-size", "16KiB", "-q"])
        #expect(archived.status == 0, "\(archived.standardError)")
        try fuzz(try TreeBuilder.read(scratch("a.tar.gz")), files: files, prefix: "tree/", in: scratch)
    }

    @Test func gnuTarArchivesDamagedAnywhereLeaveOnlyOriginalFiles() throws {
        let scratch = try TemporaryDirectory()
        var files = try Self.makeTree(in: scratch("tree"))
        try Self.makeLinks(in: scratch("tree"), files: &files)
        #expect(try CommandRunner.run("tar", ["czf", scratch("a.tar.gz"), "-C", scratch("tree"), "."]).status == 0)
        try fuzz(try TreeBuilder.read(scratch("a.tar.gz")), files: files, prefix: "", in: scratch)
    }
}
