/// The command line as ArgumentParser can parse it: spellings it has no way to declare, rewritten
/// before `--` (after it, a file may be named `-V`). ArgumentParser answers `--version` itself, at
/// any level, but has no short form for it, and has no option whose value is optional.
enum ArgumentSpelling {
    static func rewritten(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        return arguments[..<end].map { replacements[$0] ?? $0 } + arguments[end...]
    }

    private static let replacements = [
        // `-V`, the short form gzip, pigz and zstd give `--version`.
        "-V": "--version",
        // `--resume[=check|verify]`: the flags they parse as.
        "--resume=check": "--resume",
        "--resume=verify": "--resume-verify",
    ]
}
