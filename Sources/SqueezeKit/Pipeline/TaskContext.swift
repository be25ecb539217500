/// What every task of a run shares: where to report, what to clean up, when to stop.
struct TaskContext: Sendable {
    let collector: any ResultRecording
    let registry: TemporaryFileRegistry
    let window: WorkWindow
    let cancellation: CancellationFlag
    let output: OutputOptions

    /// A new output for `destination`: an atomic writer, or nothing under `--discard`.
    func makeOutput(for destination: PathName) throws(SystemError) -> any OutputFile {
        if output.discard { return DiscardedOutput() }
        if output.directory != nil { try DirectoryCreator.createDirectory(destination.parent) }
        return try AtomicFileWriter(destination: destination, registry: registry)
    }
}
