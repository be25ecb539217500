import Glibc

/// What every task of a run shares: where to report, what to clean up, when to stop.
struct TaskContext: Sendable {
    let collector: any ResultRecording
    let registry: TemporaryFileRegistry
    let window: WorkWindow
    let cancellation: CancellationFlag
    let output: OutputOptions

    /// `--rm`: deletes a source whose output is complete and in place. A failure to remove it is a
    /// warning (returned), not an error: nothing was lost.
    func removeSourceIfAsked(_ source: PathName) -> String? {
        guard output.removeSources && !output.discard else { return nil }
        if source.withCString({ unlink($0) }) == 0 { return nil }
        return "\(SystemError("remove", source, code: errno)); the output is complete"
    }

    /// A new output for `destination`: an atomic writer, or nothing under `--discard`.
    func makeOutput(for destination: PathName) throws(SystemError) -> any OutputFile {
        if output.discard { return DiscardedOutput() }
        if output.directory != nil { try DirectoryCreator.createDirectory(destination.parent) }
        return try AtomicFileWriter(destination: destination, registry: registry)
    }
}
