/// The status a command ends with, thrown up to where the process exits: the gzip names exit
/// with it (`GzipRun`), the `squeeze` executable maps it onto its argument parser's exit
/// (`Squeeze.main`). Not ArgumentParser's `ExitStatus`: this module is linked into the gzip names'
/// binary, and the parser would bring Foundation proper with it.
package struct ExitStatus: Error, Equatable {
    package let code: Int32

    package init(_ code: Int32) { self.code = code }

    /// 1: an input failed, or a usage error of a command's own checks.
    package static let failure = ExitStatus(1)
}
