import Glibc

/// What every task of a run shares: where to report, what to clean up, when to stop. A class, made
/// once per run: each task keeps one reference to it, where a struct would cost a retain and a
/// release of each of its fields per task (and of objects that every worker's tasks share, whose
/// counts then move between cores).
final class TaskContext: Sendable {
    let collector: any ResultRecording
    let registry: TemporaryFileRegistry
    let window: WorkWindow
    let cancellation: CancellationFlag
    let output: OutputOptions
    /// Where a file's outcome goes once its output is committed: `--rm` and `--sync` make the
    /// output durable first.
    let commits: DurableCommits

    init(
        collector: any ResultRecording, registry: TemporaryFileRegistry, window: WorkWindow,
        cancellation: CancellationFlag, output: OutputOptions
    ) {
        self.collector = collector
        self.registry = registry
        self.window = window
        self.cancellation = cancellation
        self.output = output
        commits = DurableCommits(output: output, collector: collector)
    }

    /// A new output for `destination`, opened as `OutputDestination` decides (an existing one only
    /// under `--force`), or nothing under `--discard`. A symbolic link at `destination` is
    /// replaced unless the user named the path (`symlinks: .follow`). `directory`, held open, is
    /// `destination`'s when the output goes beside its source (`OutputDestination.open`).
    func makeOutput(
        for destination: PathName, in directory: PinnedDirectory? = nil, symlinks: OutputDestination.SymlinkHandling = .replace
    ) throws -> any OutputFile {
        if output.discard { return DiscardedOutput() }
        if output.directory != nil { try DirectoryCreator.createDirectory(destination.parent) }
        return try OutputDestination.open(
            destination, in: output.directory == nil ? directory : nil, replacingExisting: output.force, symlinks: symlinks,
            registry: registry)
    }
}
