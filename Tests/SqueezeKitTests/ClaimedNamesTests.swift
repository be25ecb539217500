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
}
