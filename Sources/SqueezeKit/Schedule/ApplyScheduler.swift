import Dispatch

/// `DispatchQueue.concurrentPerform` with `jobs` iterations, each pulling items until none are
/// left: no per-item dispatch at all. Entered from a global queue of the requested QoS (never
/// from a serial queue the iterations might need).
struct ApplyScheduler: WorkScheduler {
    let jobs: Int
    let qos: QualityOfService

    func run(_ source: any WorkSource) {
        DispatchQueue.global(qos: qos.dispatchClass).sync {
            DispatchQueue.concurrentPerform(iterations: jobs) { _ in
                while let item = source.next() { item.perform() }
            }
        }
    }
}
