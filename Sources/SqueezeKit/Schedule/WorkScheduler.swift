/// Runs every item a source hands out, in one of the four modes, and returns when all are done.
protocol WorkScheduler {
    func run(_ source: any WorkSource)
}
