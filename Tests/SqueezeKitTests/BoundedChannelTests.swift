import Dispatch
import Foundation
@testable import SqueezeKit
import Testing

/// The one blocking hand-off: elements arrive once each and in order, room is bounded, and every
/// way of ending (finish, failure, close, cancellation) lets each waiter go, whenever it comes.
@Suite struct BoundedChannelTests {
    struct Failure: Error, Equatable {}

    /// Runs `body` on a thread of its own; the returned group is left when it returns.
    private func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
        return group
    }

    @Test func everyElementArrivesOnceInOrderPerProducer() throws {
        let channel = BoundedChannel<(producer: Int, index: Int)>(capacity: 3)
        let producers = 4, perProducer = 5_000
        let received = Locked<[[Int]]>(Array(repeating: [], count: producers))
        let senders = DispatchGroup()
        for producer in 0..<producers {
            DispatchQueue.global().async(group: senders) {
                for index in 0..<perProducer { #expect(channel.send((producer, index))) }
            }
        }
        let receivers = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: receivers) {
                // Each receiver's own view is in order per producer; merged below.
                var seen: [(Int, Int)] = []
                while let element = try? channel.receive() { seen.append(element) }
                received.withLock { all in for (producer, index) in seen { all[producer].append(index) } }
            }
        }
        senders.wait()
        channel.finish()
        receivers.wait()
        for indices in received.withLock({ $0 }) {
            #expect(indices.sorted() == Array(0..<perProducer))
        }
    }

    @Test func aSingleReceiverSeesTheSendersOrder() throws {
        let channel = BoundedChannel<Int>(capacity: 2)
        let sender = onThread {
            for index in 0..<10_000 { channel.send(index) }
            channel.finish()
        }
        var received: [Int] = []
        while let next = try channel.receive() { received.append(next) }
        sender.wait()
        #expect(received == Array(0..<10_000))
    }

    /// Weighted room: the bytes waiting never exceed the capacity (here counted with the one chunk a
    /// blocked sender holds), unless one chunk alone does.
    @Test func queuedWeightStaysWithinCapacity() throws {
        let channel = BoundedChannel<[UInt8]>(capacity: 1000, weight: { $0.count })
        let inFlight = Locked(0)
        let largest = Locked(0)
        let sizes = (0..<2_000).map { ($0 * 7919) % 400 + 1 }
        let sender = onThread {
            for size in sizes {
                // Counted before sending: an element counts from the moment it may be queued.
                inFlight.withLock { $0 += size }
                channel.send([UInt8](repeating: 0, count: size))
            }
            channel.finish()
        }
        var total = 0
        while let chunk = try channel.receive() {
            let stillQueued = inFlight.withLock { value in
                value -= chunk.count
                return value
            }
            // At most the channel's capacity plus the one element a blocked sender holds.
            largest.withLock { $0 = max($0, stillQueued) }
            total += chunk.count
        }
        sender.wait()
        #expect(total == sizes.reduce(0, +))
        #expect(largest.withLock { $0 } <= 1000 + 400)
        // One chunk larger than the whole capacity still goes through, alone.
        let roomy = BoundedChannel<[UInt8]>(capacity: 1000, weight: { $0.count })
        #expect(roomy.send([UInt8](repeating: 1, count: 5_000)))
        #expect(try roomy.receive()?.count == 5_000)
    }

    /// An offer never waits: it is queued while there is room (the first element whatever its
    /// weight), refused while there is none, and dropped once the channel is closed or cancelled.
    @Test func anOfferIsQueuedOnlyWhenThereIsRoom() throws {
        let cancellation = CancellationFlag()
        let channel = BoundedChannel<[UInt8]>(capacity: 10, cancellation: cancellation, weight: { $0.count })
        #expect(channel.offer([UInt8](repeating: 1, count: 6)) == .sent)
        #expect(channel.offer([UInt8](repeating: 2, count: 5)) == .full)
        #expect(channel.offer([UInt8](repeating: 3, count: 4)) == .sent)
        #expect(channel.offer([4]) == .full)
        #expect(try channel.receive() == [UInt8](repeating: 1, count: 6))
        #expect(channel.offer([UInt8](repeating: 5, count: 6)) == .sent)
        #expect(try channel.receive() == [UInt8](repeating: 3, count: 4))
        #expect(try channel.receive() == [UInt8](repeating: 5, count: 6))
        #expect(channel.offer([UInt8](repeating: 6, count: 50)) == .sent, "an empty channel takes any weight")
        cancellation.cancel()
        #expect(channel.offer([7]) == .ended)
        let closed = BoundedChannel<Int>(capacity: 10)
        closed.close()
        #expect(closed.offer(1) == .ended)
    }

    @Test func aFailureArrivesAfterTheElementsSentBeforeIt() throws {
        let channel = BoundedChannel<Int>(capacity: 10)
        channel.send(1)
        channel.send(2)
        channel.finish(throwing: Failure())
        #expect(try channel.receive() == 1)
        #expect(try channel.receive() == 2)
        #expect(throws: Failure.self) { try channel.receive() }
        // And again: the end is for good.
        #expect(throws: Failure.self) { try channel.receive() }
    }

    /// A sender waiting for room is let go by the receiver's close, whether it was already
    /// waiting or sends afterwards; queued elements are dropped.
    @Test func closeStopsSendersAndDropsWhatIsQueued() throws {
        let channel = BoundedChannel<Int>(capacity: 1)
        channel.send(0)
        let results = Locked<[Bool]>([])
        let sender = onThread {
            results.withLock { $0.append(channel.send(1)) }
        }
        channel.close()
        sender.wait()
        #expect(results.withLock { $0 } == [false])
        #expect(channel.send(2) == false)
        #expect(throws: CancellationError.self) { try channel.receive() }
    }

    /// Cancelling the run wakes a receiver waiting on an empty channel (nil: the end) and a sender
    /// waiting for room (false), at once: no polling.
    @Test func cancellationWakesReceiversAndSenders() throws {
        let cancellation = CancellationFlag()
        let empty = BoundedChannel<Int>(capacity: 1, cancellation: cancellation)
        let full = BoundedChannel<Int>(capacity: 1, cancellation: cancellation)
        full.send(0)
        let outcomes = Locked<(received: Int??, sent: Bool?)>((nil, nil))
        let receiver = onThread { outcomes.withLock { $0.received = .some(try? empty.receive()) } }
        let sender = onThread { outcomes.withLock { $0.sent = full.send(1) } }
        cancellation.cancel()
        receiver.wait()
        sender.wait()
        let (received, sent) = outcomes.withLock { $0 }
        #expect(received == .some(nil))
        #expect(sent == false)
        // What was queued before the cancellation is still handed out, then the end.
        #expect(try full.receive() == 0)
        #expect(try full.receive() == nil)
    }

    @Test func aChannelMadeAfterTheCancellationIsEndedAlready() throws {
        let cancellation = CancellationFlag()
        cancellation.cancel()
        let channel = BoundedChannel<Int>(capacity: 1, cancellation: cancellation)
        #expect(channel.send(1) == false)
        #expect(try channel.receive() == nil)
    }

    @Test func creditsAreWaitedForAndGivenBack() throws {
        let credits = Credits(capacity: 10, wakeThreshold: 5)
        #expect(credits.acquire(5))
        #expect(credits.acquire(5))
        let acquired = Locked<Bool?>(nil)
        let waiter = onThread { acquired.withLock { $0 = credits.acquire(4) } }
        // 3 free: below the threshold, the waiter is not let go; 6 free: it is.
        credits.release(3)
        credits.release(3)
        waiter.wait()
        #expect(acquired.withLock { $0 } == true)
    }

    @Test(arguments: [false, true])
    func closingOrCancellingLetsCreditWaitersGo(cancelling: Bool) throws {
        let cancellation = CancellationFlag()
        let credits = Credits(capacity: 2, wakeThreshold: 2, cancellation: cancellation)
        #expect(credits.acquire(2))
        let acquired = Locked<Bool?>(nil)
        let waiter = onThread { acquired.withLock { $0 = credits.acquire(1) } }
        if cancelling { cancellation.cancel() } else { credits.close() }
        waiter.wait()
        #expect(acquired.withLock { $0 } == false)
        #expect(credits.acquire(1) == false)
    }

    /// Many threads taking and giving back credits: none is ever lost, none left waiting.
    @Test func creditsUnderContentionBalance() throws {
        let credits = Credits(capacity: 64, wakeThreshold: 32)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<5_000 {
                let count = (worker * 31 + step) % 32 + 1
                #expect(credits.acquire(count))
                credits.release(count)
            }
        }
        // All 64 are free again: taking them all succeeds at once.
        #expect(credits.acquire(32))
        #expect(credits.acquire(32))
    }

    @Test func cancellationHandlersRunOnceAndCanBeRemoved() {
        let flag = CancellationFlag()
        let calls = Locked(0)
        let kept = flag.whenCancelled { calls.withLock { $0 += 1 } }
        let removed = flag.whenCancelled { calls.withLock { $0 += 100 } }
        flag.removeHandler(removed)
        flag.cancel()
        flag.cancel()
        #expect(kept != nil)
        #expect(calls.withLock { $0 } == 1)
        // Registered after the fact: called at once.
        #expect(flag.whenCancelled { calls.withLock { $0 += 10 } } == nil)
        #expect(calls.withLock { $0 } == 11)
    }
}
