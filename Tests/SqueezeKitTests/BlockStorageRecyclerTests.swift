@testable import SqueezeKit
import Testing

@Suite struct BlockStorageRecyclerTests {
    @Test func keepsAtMostItsLimit() {
        let recycler = BlockStorageRecycler(limit: 2)
        for _ in 0..<5 { recycler.giveBack([UInt8](repeating: 1, count: 100)) }
        #expect(recycler.count == 2)
        _ = recycler.take()
        _ = recycler.take()
        #expect(recycler.count == 0)
        // Nothing kept: a new empty array.
        #expect(recycler.take().isEmpty)
    }

    /// What comes back is the array as it was, its bytes too: the cutter writes over them in
    /// place, with nothing cleared or allocated again.
    @Test func takeGivesTheArrayBackAsItWas() {
        let recycler = BlockStorageRecycler()
        var storage: [UInt8] = []
        storage.reserveCapacity(1 << 20)
        storage.append(contentsOf: [UInt8](repeating: 7, count: 1000))
        let address = storage.withUnsafeBytes { $0.baseAddress }
        recycler.giveBack(storage)
        storage = []
        let taken = recycler.take()
        #expect(taken == [UInt8](repeating: 7, count: 1000))
        #expect(taken.withUnsafeBytes { $0.baseAddress } == address)
    }
}
