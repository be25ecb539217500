import ArgumentParser
import SqueezeKit

extension SchedulingMode: ExpressibleByArgument {}
extension QualityOfService: ExpressibleByArgument {}

/// `--mode`, `--jobs`, `--qos`: how work is fanned out.
struct SchedulingArguments: ParsableArguments {
    @Option(help: "How work is scheduled: sequential, group (DispatchGroup), apply (concurrentPerform) or operation (OperationQueue).")
    var mode: SchedulingMode = .defaultMode

    @Option(name: [.customShort("j"), .long], help: "Items worked on at once; the default is this machine's active cores.")
    var jobs: Int = SchedulingOptions.activeCores

    @Option(help: "Quality of service: user-interactive, user-initiated, utility or background.")
    var qos: QualityOfService = .userInitiated

    func validate() throws {
        guard jobs >= 1 && jobs <= 1024 else { throw ValidationError("--jobs must be between 1 and 1024, not \(jobs)") }
    }

    var options: SchedulingOptions { SchedulingOptions(mode: mode, jobs: jobs, qos: qos) }
}
