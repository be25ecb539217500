import SqueezeKit

/// What the first word asked for: a mistyped subcommand gets a suggestion instead of being taken
/// for a path. (What the binary was called, a gzip name, is `GzipStandIn.Tool(calledAs:)`.)
enum ProgramName {
    /// A message for a first argument that is no subcommand but reads like one mistyped
    /// (`squeeze compres`), naming the closest; nil when the arguments look fine. `known` is asked
    /// for only when the first argument is a word, not an option (`-V`, `--help`).
    static func unknownSubcommand(in arguments: [String], known: () -> [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let known = known()
        guard !known.contains(first) else { return nil }
        let names = known + ["help"]
        let best = names.map { ($0, distance(first, $0)) }.min { $0.1 < $1.1 }
        var message = "squeeze: '\(first)' is not a squeeze command."
        if let (name, cost) = best, cost <= max(2, name.count / 3) { message += " Did you mean '\(name)'?" }
        return message + " See 'squeeze --help'.\n"
    }

    /// Levenshtein distance: the fewest single-character edits between two words.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
