import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Calls that wait on another process end at an interrupt, or when their run is cancelled; calls
/// that do not wait are not disturbed. Each test has its own `InterruptibleCalls`: an interrupt
/// is for good.
@Suite struct InterruptibleCallsTests {
    /// A pipe nobody writes to, held open.
    final class SilentPipe: @unchecked Sendable {
        // Set once in init; read-only after.
        let readEnd: Int32
        let writeEnd: Int32

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (readEnd, writeEnd) = (ends[0], ends[1])
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }
    }

    /// What a call on another thread returned: its result and errno.
    final class Outcome: @unchecked Sendable {
        // Written by the calling thread before `done.signal()`, read after `done.wait()`.
        var result = 0
        var code: Int32 = 0
        var threadID: Int32 = 0
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs `call` through `calls` on a thread of its own.
    static func start(_ calls: InterruptibleCalls, _ wait: InterruptibleCalls.Wait, until cancellation: CancellationFlag? = nil, _ call: @escaping @Sendable () -> Int) -> Outcome {
        let outcome = Outcome()
        Thread {
            outcome.threadID = KernelState.currentThreadID()
            outcome.started.signal()
            outcome.result = calls.perform(wait, until: cancellation, call)
            outcome.code = errno
            outcome.done.signal()
        }.start()
        outcome.started.wait()
        return outcome
    }

    @Test func aReadOfASilentPipeEndsAtTheInterrupt() {
        let calls = InterruptibleCalls()
        let pipe = SilentPipe()
        let outcome = Self.start(calls, .awaitingPeer) {
            var byte: UInt8 = 0
            return read(pipe.readEnd, &byte, 1)
        }
        #expect(KernelState.waitUntilAsleep([outcome.threadID]))
        #expect(!calls.hasEnded(.awaitingPeer))
        calls.interrupt()
        #expect(outcome.done.wait(timeout: .now() + 30) == .success, "the read was not ended")
        #expect(outcome.result == -1 && outcome.code == EINTR)
        #expect(calls.hasEnded(.awaitingPeer))
    }

    @Test func aCancelledRunEndsItsWaitWithoutAnInterrupt() {
        let calls = InterruptibleCalls()
        let pipe = SilentPipe()
        let cancellation = CancellationFlag()
        let outcome = Self.start(calls, .awaitingPeer, until: cancellation) {
            var byte: UInt8 = 0
            return read(pipe.readEnd, &byte, 1)
        }
        #expect(KernelState.waitUntilAsleep([outcome.threadID]))
        cancellation.cancel()
        #expect(outcome.done.wait(timeout: .now() + 30) == .success, "the read was not ended")
        #expect(outcome.result == -1 && outcome.code == EINTR)
        #expect(calls.hasEnded(.awaitingPeer, until: cancellation))
        #expect(!calls.hasEnded(.awaitingPeer), "another run's calls are not ended")
    }

    /// A write to a pipe nobody drains ends once the grace after the interrupt has passed.
    @Test func aBlockedWriteEndsAfterItsGrace() {
        let calls = InterruptibleCalls()
        let pipe = SilentPipe()
        let chunk = [UInt8](repeating: 1, count: 1 << 20)
        let outcome = Self.start(calls, .delivering) {
            chunk.withUnsafeBytes { write(pipe.writeEnd, $0.baseAddress, $0.count) }
        }
        #expect(KernelState.waitUntilAsleep([outcome.threadID]))
        calls.interrupt()
        #expect(outcome.done.wait(timeout: .now() + 30) == .success, "the write was not ended")
        // Cut short (some bytes in the pipe) or not started: never whole.
        #expect(outcome.result < chunk.count)
        #expect(calls.hasEnded(.delivering))
    }

    /// After the interrupt, a wait for a peer is not even begun; a write is, and one that does not
    /// need to wait goes through.
    @Test func callsAfterTheInterrupt() {
        let calls = InterruptibleCalls()
        let pipe = SilentPipe()
        calls.interrupt()
        var byte: UInt8 = 7
        #expect(write(pipe.writeEnd, &byte, 1) == 1)
        let read = calls.perform(.awaitingPeer) { Glibc.read(pipe.readEnd, &byte, 1) }
        #expect(read == -1 && errno == EINTR)
        #expect(KernelState.waitUntil(deadline: 30) { calls.hasEnded(.delivering) })
        #expect(calls.perform(.delivering) { write(pipe.writeEnd, &byte, 1) } == 1)
    }

    /// Threads entering and leaving calls while the interrupt comes, at every point of their way
    /// in: each call ends (a signal that came before its thread was inside is sent again), and no
    /// thread that has left is signalled (ThreadSanitizer and the process's survival say so).
    @Test func manyThreadsInterruptedAtAnyPoint() {
        for round in 0..<40 {
            let calls = InterruptibleCalls()
            let pipes = (0..<6).map { _ in SilentPipe() }
            let outcomes = pipes.map { pipe in
                Self.start(calls, .awaitingPeer) {
                    var byte: UInt8 = 0
                    return read(pipe.readEnd, &byte, 1)
                }
            }
            if round % 2 == 0 { KernelState.waitUntilAsleep(outcomes.suffix(2).map(\.threadID)) }
            calls.interrupt()
            for (outcome, pipe) in zip(outcomes, pipes) {
                let ended = outcome.done.wait(timeout: .now() + 30) == .success
                #expect(ended, "round \(round): a call was not ended")
                if !ended {
                    var byte: UInt8 = 0
                    _ = write(pipe.writeEnd, &byte, 1)
                    outcome.done.wait()
                }
                #expect(outcome.result == -1 && outcome.code == EINTR)
            }
        }
    }
}
