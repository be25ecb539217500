import Foundation
import SqueezeTestSupport
import Testing

/// `--qos background` lowers the walk too, not only the workers: the thread that walks the tree
/// while the workers compress (`squeeze.walk`) runs at nice 19, as they do; at `user-initiated`
/// it is left alone. Seen from outside, as a user would with `ps -L`: the nice of the thread named
/// squeeze.walk, sampled while the walk waits for the workers (one job, many files of a block
/// each, so the walk is held back for most of the run).
@Suite struct WalkerPriorityTests {
    static func threadNices(qos: String) throws -> [Int] {
        let scratch = try TemporaryDirectory()
        let result = try CommandRunner.run("bash", ["-c", """
            mkdir t && for i in $(seq 1 120); do head -c 600000 /dev/urandom > t/f$i; done
            '\(Squeeze.binary)' compress -q -j 1 --mode group --qos \(qos) t & pid=$!
            seen=""
            # Read with the shell's own `read`, no process per thread: on a loaded machine (the
            # whole suite at once) a sample that forks can take longer than the walk lives.
            while [ -z "$seen" ] && kill -0 $pid 2> /dev/null; do
              for task in /proc/$pid/task/*; do
                read -r comm < $task/comm 2> /dev/null && [ "$comm" = squeeze.walk ] || continue
                read -r stat < $task/stat 2> /dev/null || continue
                set -- ${stat##*) }
                [ -n "${17}" ] && seen="$seen ${17}"
              done
            done
            wait $pid && echo $seen
            """], currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        return result.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The nices seen in up to three runs, until one sees the walk: on a loaded machine (the whole
    /// suite at once) a run can end before the sampler has read the walk's thread even once.
    static func sampledNices(qos: String) throws -> [Int] {
        var seen: [Int] = []
        for _ in 0..<3 where seen.isEmpty { seen = try threadNices(qos: qos) }
        return seen
    }

    @Test func theWalkRunsAtTheRunsPriority() throws {
        let background = try Self.sampledNices(qos: "background")
        #expect(!background.isEmpty && background.allSatisfy { $0 == 19 }, "\(background)")
        let initiated = try Self.sampledNices(qos: "user-initiated")
        #expect(!initiated.isEmpty && initiated.allSatisfy { $0 < 19 }, "\(initiated)")
    }
}
