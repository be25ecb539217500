/// The baseline: every item in turn on the calling thread.
struct SequentialScheduler: WorkScheduler {
    func run(_ source: any WorkSource) {
        while let item = source.next() { item.perform() }
    }
}
