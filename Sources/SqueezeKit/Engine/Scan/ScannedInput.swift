/// A file a run reads: one the scan found, or standard input, for a `-` among the roots
/// (`PathName.standardInput`), taken where it stands when its turn among the roots comes.
struct ScannedInput {
    let file: ScannedFile
    /// Standard input, taken for its `-` (`ReadableFile(standardInputNamed:)`); nil for a file
    /// the scan found, which is opened by its path.
    let standardInput: ReadableFile?
}

extension BatchRun {
    /// The inputs `roots` name, in their order: the files `scanning` finds under each run of roots
    /// that are paths, and standard input for each `-`, named `PathName.standardInputName` (a
    /// failure to take it, descriptor 0 closed, is recorded as the scan's failures are).
    func inputs(_ roots: [PathName], scanning: ([PathName]) -> [ScannedFile]) -> [ScannedInput] {
        var found: [ScannedInput] = []
        var pending: [PathName] = []
        func scanPending() {
            if !pending.isEmpty { found += scanning(pending).map { ScannedInput(file: $0, standardInput: nil) } }
            pending = []
        }
        for root in roots {
            guard root == .standardInput else {
                pending.append(root)
                continue
            }
            scanPending()
            do {
                let file = try ReadableFile(standardInputNamed: .standardInputName)
                let scanned = ScannedFile(path: .standardInputName, relativePath: .standardInputName, status: try file.status())
                found.append(ScannedInput(file: scanned, standardInput: file))
            } catch {
                record(skipped: [], failures: [FileFailure(path: .standardInputName, error: error)])
            }
        }
        scanPending()
        return found
    }
}

extension ScannedInput {
    /// Standard input or a FIFO: read as its bytes come, so commands read these one at a time,
    /// in the order named, after the files (a FIFO's open waits for its writer).
    var isStream: Bool { standardInput != nil || file.status.kind == .fifo }

    /// Opens the input to read it (standard input was taken already); a FIFO, which only a user
    /// names (a walk passes them by), is waited for until its writer comes or `cancellation` is
    /// set (`ReadableFile(_:waitingForWriterUntil:)`).
    func open(until cancellation: CancellationFlag) throws(SystemError) -> ReadableFile {
        if let standardInput { return standardInput }
        guard file.status.kind == .fifo else { return try ReadableFile(file.path) }
        return try ReadableFile(file.path, waitingForWriterUntil: cancellation)
    }
}
