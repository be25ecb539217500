import ArgumentParser

/// `--json`, `--quiet`, `--verbose`: what is printed at the end.
struct ReportArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the report as JSON to this file; '-' writes it to standard output and moves the text report to standard error.", valueName: "path"))
    var json: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Add a line per file and per skipped path.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }
}
