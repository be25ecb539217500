/// `-V`, the short form gzip, pigz and zstd give `--version`. ArgumentParser answers `--version`
/// itself (at any level, before checking the other options) but has no short form for it, so the
/// command line is given to it with `-V` spelt out.
enum VersionFlag {
    /// `arguments` with each `-V` before a `--` replaced by `--version`; everything after `--` is
    /// left as it is (a file may be named `-V`).
    static func spellingOutShortForm(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains("-V") else { return arguments }
        return arguments[..<end].map { $0 == "-V" ? "--version" : $0 } + arguments[end...]
    }
}
