import Dispatch
import Foundation
import SqueezeKit

/// The collector micro-benchmark: `threads` threads record `recordsPerThread` outcomes each (and
/// as many progress reports, as split files do) into one collector, all at once, and nothing
/// else: what synchronising the collector costs when every worker wants it at the same time.
///
/// Threads are `Thread`s, not dispatch work: a thread blocked on the collector must not make room
/// for another, or the contention would be whatever libdispatch allowed.
public struct CollectorContention: Sendable {
    public var threads: Int
    public var recordsPerThread: Int

    public init(threads: Int, recordsPerThread: Int) {
        precondition(threads >= 1 && recordsPerThread >= 1)
        self.threads = threads
        self.recordsPerThread = recordsPerThread
    }

    /// Measures `kind` `repetitions` times, a fresh collector each time.
    public func measure(_ kind: CollectorKind, repetitions: Int) -> CollectorContentionResult {
        var wall: [Double] = []
        var cpu: [Double] = []
        var exact = true
        for _ in 0..<max(repetitions, 1) {
            let run = measureOnce(kind.makeCollector())
            wall.append(run.seconds)
            cpu.append(run.cpuSeconds)
            exact = exact && run.exact
        }
        let calls = threads * recordsPerThread * 2
        let seconds = SampleSummary(wall)!
        return CollectorContentionResult(
            collector: kind, threads: threads, calls: calls, seconds: seconds,
            nanosecondsPerCall: seconds.median * 1e9 / Double(calls),
            cpuNanosecondsPerCall: SampleSummary(cpu)!.median * 1e9 / Double(calls), exact: exact)
    }

    /// One run: threads start together (each is let go by the semaphore once all exist), and the
    /// clock stops when every thread is joined and the collector's totals (which wait for any
    /// records still queued) show every record.
    func measureOnce(_ collector: any ResultRecording) -> (seconds: Double, cpuSeconds: Double, exact: Bool) {
        let ready = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        let outcome = FileOutcome(source: "bench/file", output: nil, bytesIn: 3, bytesOut: 1, seconds: 0, status: .done)
        let records = recordsPerThread
        let recorders = (0..<threads).map { _ in
            JoinableThread(name: "bench.recorder") {
                ready.signal()
                start.wait()
                for _ in 0..<records {
                    collector.recordProgress(bytes: 2)
                    collector.record(outcome)
                }
            }
        }
        for _ in 0..<threads { ready.wait() }
        let usageBefore = ResourceUsage.current()
        let startTime = MonotonicClock.now()
        for _ in 0..<threads { start.signal() }
        for recorder in recorders { recorder.join() }
        let totals = collector.totals()
        let seconds = MonotonicClock.now() - startTime
        let usage = ResourceUsage.current().since(usageBefore)

        let expected = threads * records
        let exact = totals.filesDone == expected && totals.bytesIn == Int64(expected) * 3
            && totals.bytesOut == Int64(expected) && totals.bytesProcessed == Int64(expected) * 2
            && collector.outcomes().count == expected
        return (seconds, usage.userSeconds + usage.systemSeconds, exact)
    }
}

/// How one collector fared when threads did nothing but record into it.
public struct CollectorContentionResult: Codable, Sendable, Equatable {
    public var collector: CollectorKind
    public var threads: Int
    /// Record calls made, over all threads.
    public var calls: Int
    /// Wall time of the repetitions, from the first call to the last record visible in the totals.
    public var seconds: SampleSummary
    /// Median wall time per call.
    public var nanosecondsPerCall: Double
    /// Median CPU time (user and system, every thread of the process) per call: time spent
    /// waking, switching and waiting, which wall time on idle cores may hide.
    public var cpuNanosecondsPerCall: Double
    /// The totals and outcomes afterwards were exactly what was recorded, in every repetition.
    public var exact: Bool
}
