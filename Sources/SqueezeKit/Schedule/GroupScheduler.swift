import Dispatch

/// `DispatchGroup` over a QoS global queue, every item `async`ed on its own. At most `jobs` are in
/// flight, because a global queue whose work blocks on I/O would otherwise grow its thread pool
/// without bound: `jobs` chains start, and each item, when done, submits the next one. (A feeder
/// thread waiting on a semaphore bounds it too, but costs two thread switches per item.)
struct GroupScheduler: WorkScheduler {
    let jobs: Int
    let qos: QualityOfService

    func run(_ source: any WorkSource) {
        let chain = SubmissionChain(source: source, queue: DispatchQueue.global(qos: qos.dispatchClass), group: DispatchGroup())
        for _ in 0..<jobs { chain.submitNext() }
        chain.group.wait()
    }
}

/// Submits items one after another onto a queue, each within the group, so the group stays
/// entered until the last item of the chain has run.
private struct SubmissionChain: Sendable {
    let source: any WorkSource
    let queue: DispatchQueue
    let group: DispatchGroup

    func submitNext() {
        guard let item = source.next() else { return }
        queue.async(group: group) {
            item.perform()
            submitNext()
        }
    }
}
