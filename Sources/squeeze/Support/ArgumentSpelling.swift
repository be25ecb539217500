/// The command line as ArgumentParser can parse it: spellings it has no way to declare, rewritten
/// before `--` (after it, a file may be named `-V`). ArgumentParser answers `--version` itself, at
/// any level, but has no short form for it, and has no option whose value is optional.
enum ArgumentSpelling {
    static func rewritten(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        return arguments[..<end].map(replacement) + arguments[end...]
    }

    /// Whether `--version` (or `-V`) comes before any `--`.
    static func asksForVersion(_ arguments: [String]) -> Bool {
        arguments[..<(arguments.firstIndex(of: "--") ?? arguments.endIndex)].contains { replacement($0) == "--version" }
    }

    /// A switch, not a dictionary: a dictionary literal costs its hashing and generic metadata at
    /// every start, for three words.
    private static func replacement(_ argument: String) -> String {
        switch argument {
        // `-V`, the short form gzip, pigz and zstd give `--version`.
        case "-V": "--version"
        // `--resume[=check|verify]`: the flags they parse as.
        case "--resume=check": "--resume"
        case "--resume=verify": "--resume-verify"
        default: argument
        }
    }
}
