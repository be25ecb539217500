import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// The pieces of `squeeze gzip -l` (gzip 1.12's table) that do not need gzip to check them:
/// the last member's checksum as the decoder's sink and its member ends interleave, names, ratio.
@Suite struct GzipStyleListingTests {
    /// However the bytes arrive (in one piece, byte by byte, pieces straddling members) and
    /// whenever the ends are announced before their bytes, the last member's CRC-32
    /// are those of its bytes alone.
    @Test func lastMemberChecksumFollowsMemberEnds() {
        var data = TestData(seed: 5)
        let members = [data.text(70_000), [], data.text(13), data.text(40_000)]
        let all = members.flatMap { $0 }
        var ends: [Int64] = []
        for member in members { ends.append((ends.last ?? 0) + Int64(member.count)) }
        for pieceSize in [1, 7, 4096, 65_536, all.count] {
            var last = LastMemberChecksum()
            var announced = 0
            var offset = 0
            while offset < all.count {
                // Every end up to the next piece's end is announced first, as the decoder does.
                let end = min(all.count, offset + pieceSize)
                while announced < ends.count && ends[announced] <= Int64(end) {
                    last.memberEnds(at: ends[announced])
                    announced += 1
                }
                all[offset..<end].withUnsafeBytes { last.take($0) }
                offset = end
            }
            #expect(last.checksum == CRC32.checksum(members[3]), "pieces of \(pieceSize)")
        }
    }

    @Test func namesLoseGzipsSuffixes() {
        let cases: [(PathName, PathName)] = [
            ("a.gz", "a"), ("dir/Q.GZ", "dir/Q"), ("x.z", "x"), ("x-gz", "x"), ("x_z", "x"), ("t.tgz", "t.tar"),
            ("t.taz", "t.tar"), ("plain", "plain"), (".gz", ".gz"),
        ]
        for (path, name) in cases {
            #expect(GzipStyleEntry.uncompressedName(of: path) == name, "\(path)")
        }
    }

    /// `-N`'s name: the stored name's last component (gnulib's `last_component`), in the
    /// directory the input was named in, as gzip 1.12 shows it.
    @Test func storedNamesAreShownInTheInputsDirectory() {
        let cases: [(String, PathName?, PathName)] = [
            ("orig", "sub/x.gz", "sub/orig"), ("orig", "x.gz", "orig"), ("orig", "./x.gz", "./orig"),
            ("orig", "sub//x.gz", "sub//orig"), ("orig", "/t/x.gz", "/t/orig"), ("a/b/evil", "sub/x.gz", "sub/evil"),
            ("a/b//", "sub/x.gz", "sub/b//"), ("/", "sub/x.gz", "sub/"), ("//x", "sub/x.gz", "sub/x"), ("", "sub/x.gz", "sub/"),
            ("..", "x.gz", ".."), ("a/b/evil", nil, "evil"), ("orig", nil, "orig"),
        ]
        for (stored, input, name) in cases {
            #expect(GzipStyleEntry.storedName(Array(stored.utf8), ofInputAt: input) == name, "\(stored) in \(String(describing: input))")
        }
    }

    @Test func ratiosAreGzipsAndTotalsNeedSeveralNames() {
        #expect(GzipStyleListingFormatter.ratio(-215_181, of: 1) == "-21518100.0%")
        #expect(GzipStyleListingFormatter.ratio(0, of: 0) == "  0.0%")
        let entry = GzipStyleEntry(
            compressedBytes: 23, uncompressedBytes: 1, lastMemberChecksum: 0x8CDC_1683, overheadBytes: 20, name: "b", time: 0)
        let one = String(decoding: GzipStyleListingFormatter(verbose: false, quiet: false).text([entry], operandCount: 1), as: UTF8.self)
        #expect(one == "         compressed        uncompressed  ratio uncompressed_name\n                 23                   1 -200.0% b\n")
        let two = String(decoding: GzipStyleListingFormatter(verbose: false, quiet: false).text([entry], operandCount: 2), as: UTF8.self)
        #expect(two.hasSuffix("                 23                   1 -200.0% (totals)\n"))
        let quiet = GzipStyleListingFormatter(verbose: false, quiet: true).text([entry, entry], operandCount: 2)
        #expect(String(decoding: quiet, as: UTF8.self) == String(repeating: "                 23                   1 -200.0% b\n", count: 2))
    }

    /// What the message says became of the output, for each place the output went.
    @Test func aChangedSourceSaysWhatBecameOfItsOutput() {
        let path: PathName = "x.gz"
        #expect(SourceChangedError(path: path, detail: "it shrank").description.hasSuffix("; its output was discarded"))
        let written = SourceChangedError(path: path, detail: "it shrank", output: .alreadyWritten).description
        #expect(written == "'x.gz' changed while it was being read (it shrank); the bytes already written to standard output were read from it as it changed")
        #expect(SourceChangedError(path: path, detail: "it shrank", output: .checkedOnly).description.hasSuffix("; the check does not vouch for it"))
    }
}
