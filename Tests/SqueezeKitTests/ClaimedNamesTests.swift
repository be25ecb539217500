@testable import SqueezeKit
import Testing

@Suite struct ClaimedNamesTests {
    /// The first input to claim a name keeps it; a later one is told which input has it; other
    /// names, however many, are free.
    @Test func aNameClaimedTwiceNamesTheFirstClaimant() {
        let names = (0..<20_000).map { PathName("dir/file-\($0).gz") } + [PathName("dir/file-7.gz"), PathName("dir/file-19999.gz")]
        var claimed = ClaimedNames()
        var earlier: [Int32?] = []
        for (index, name) in names.enumerated() {
            earlier.append(claimed.claim(name, by: Int32(index), nameOf: { names[Int($0)] }))
        }
        #expect(earlier.prefix(20_000).allSatisfy { $0 == nil })
        #expect(Array(earlier.suffix(2)) == [7, 19_999])
    }

    /// Names whose hashes collide (here every name's) are still told apart by their bytes: only
    /// the same name twice is a claim on a name taken.
    @Test func namesBehindOneHashAreToldApart() {
        let names = ["a.gz", "b.gz", "a.gz", "c.gz", "b.gz", "c.gz", "d.gz"].map { PathName($0) }
        var claimed = ClaimedNames(hash: { _ in 42 })
        let earlier = names.enumerated().map { index, name in claimed.claim(name, by: Int32(index), nameOf: { names[Int($0)] }) }
        #expect(earlier == [nil, nil, 0, nil, 1, 3, nil])
    }

    /// The fast hash differs for names that differ in any byte, in the last partial word too.
    @Test func theFingerprintSeesEveryByte() {
        let base = Array("dir/sub/name-of-a-file.h.gz".utf8)
        var seen: Set<Int> = [ClaimedNames.fingerprint(PathName(bytes: base))]
        for index in base.indices {
            var changed = base
            changed[index] ^= 0x01
            seen.insert(ClaimedNames.fingerprint(PathName(bytes: changed)))
        }
        #expect(seen.count == base.count + 1)
        #expect(ClaimedNames.fingerprint(PathName("a")) != ClaimedNames.fingerprint(PathName("a\0")))
    }
}
