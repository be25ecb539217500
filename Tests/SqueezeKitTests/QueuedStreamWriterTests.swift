import Dispatch
@testable import SqueezeKit
import SqueezeTestSupport
import Synchronization
import Testing

/// What a test's `deliver` received, in order.
private final class Deliveries: Sendable {
    let received = Locked<[(bytes: [UInt8], stream: StandardStreams.Stream)]>([])
    /// Closed, `deliver` waits until it is opened.
    let gate = Credits(capacity: 1, cancellation: CancellationFlag())
    let calls = Atomic<Int>(0)

    func deliver(_ bytes: [UInt8], _ stream: StandardStreams.Stream) {
        calls.add(1, ordering: .relaxed)
        #expect(gate.acquire(1))
        gate.release(1)
        received.withLock { $0.append((bytes, stream)) }
    }

    /// What arrived for `stream`, all of it.
    func bytes(of stream: StandardStreams.Stream) -> [UInt8] {
        received.withLock { $0.filter { $0.stream == stream }.flatMap(\.bytes) }
    }
}

@Suite struct QueuedStreamWriterTests {
    /// Four threads queue records of every length (empty, a few bytes, longer than the writer's
    /// chunk) to both streams at once: each stream receives every record whole, each thread's in
    /// the order it queued them, and nothing else.
    @Test func everyRecordArrivesWholeAndInOrder() throws {
        let deliveries = Deliveries()
        let writer = try QueuedStreamWriter { deliveries.deliver($0, $1) }
        let lengths = [0, 1, 7, 100, 4_000, 70_000, 100_000]
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<100 {
                let length = lengths[(index * 7 + thread) % lengths.count]
                // Each record: its thread, its index, then filler; the filler tells records apart.
                let record = Array("<\(thread):\(index):".utf8) + [UInt8](repeating: UInt8(65 + thread), count: length) + [UInt8(ascii: ">")]
                writer.write(record, to: index % 3 == 0 ? .error : .output)
            }
        }
        #expect(writer.finish() == nil)
        for stream in [StandardStreams.Stream.output, .error] {
            let text = String(decoding: deliveries.bytes(of: stream), as: UTF8.self)
            var next = [Int](repeating: 0, count: 4)
            for record in text.split(separator: ">", omittingEmptySubsequences: false).dropLast() {
                let fields = record.dropFirst().split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                let (thread, index) = (Int(fields[0])!, Int(fields[1])!)
                while (next[thread] % 3 == 0) != (stream == .error) { next[thread] += 1 }
                #expect(index == next[thread], "thread \(thread)'s records out of order")
                #expect(fields[2].count == lengths[(index * 7 + thread) % lengths.count])
                next[thread] += 1
            }
            for thread in 0..<4 {
                while next[thread] < 100 && (next[thread] % 3 == 0) != (stream == .error) { next[thread] += 1 }
                #expect(next[thread] == 100, "records of thread \(thread) missing")
            }
        }
    }

    /// A `deliver` that does not return (a reader that paused) holds up nothing but itself:
    /// thousands of records are queued meanwhile, and all arrive once it goes on.
    @Test func aStalledDeliveryDoesNotHoldUpWhoQueues() throws {
        let deliveries = Deliveries()
        #expect(deliveries.gate.acquire(1))
        let writer = try QueuedStreamWriter { deliveries.deliver($0, $1) }
        writer.write(Array("first\n".utf8), to: .output)
        #expect(KernelState.waitUntil(deadline: 60) { deliveries.calls.load(ordering: .relaxed) == 1 })
        for index in 0..<20_000 { writer.write(Array("line \(index)\n".utf8), to: .output) }
        #expect(deliveries.received.withLock { $0.isEmpty }, "delivered while the gate was closed")
        deliveries.gate.release(1)
        #expect(writer.finish() == nil)
        let lines = String(decoding: deliveries.bytes(of: .output), as: UTF8.self).split(separator: "\n")
        #expect(lines == ["first"] + (0..<20_000).map { "line \($0)"[...] })
    }
}
