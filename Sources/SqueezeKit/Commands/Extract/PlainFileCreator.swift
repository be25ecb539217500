import Glibc

/// The second thread of an extraction: it creates the plain regular files the extraction thread
/// hands over, so that the system calls of one file (create, write, times, mode, close, rename)
/// overlap the reading and checking of the next entries. Everything else stays on the extraction
/// thread: headers, every check, directories, links, files that must wait (`UnverifiedEntries`,
/// `ForwardLinks`), and the directories' final modes and times.
///
/// What is handed over is decided by the extraction thread (`ArchiveExtractor.handsOver`): a file
/// whose bytes are all read and verified, with nothing waiting before it, in a directory this
/// extraction made and holds, so that its final name may be taken as soon as it is written, as
/// the extraction thread would take it. The creator writes its temporary from its own
/// `HeldDirectories` (descriptors opened from the destination's, never through a symbolic link)
/// with the extraction thread's `HeldDirectoryFileWriter`, renames it into place, and records the
/// outcome, or the failure with the message the extraction thread would give, and the run goes on.
/// The extraction thread never waits for room in the channel: files the creator has no room for,
/// it makes itself (`handIfRoom`), so that while the creator is behind both threads create.
///
/// Two threads may create in one directory at once: they create distinct names (random
/// temporaries, and final names the extraction thread keeps apart: `HandedOffNames`), which the
/// kernel serialises per directory. The results are those of one thread: whatever touches a
/// handed-off name, a directory above one, or a directory one is in (to replace it) waits until
/// the creator has finished (`waitUntilCreated`).
///
/// Memory is bounded: at most `capacity` bytes (and a few thousand files) wait in the channel,
/// counted as what the files keep alive: the decoded chunks their data is in, each once
/// (`FileData`). At an interrupt each thread finishes the file it has begun and begins no other: the
/// creator drops what waits in the channel, and the extraction thread makes the files it had read
/// whole and not sent yet (`ArchiveExtractor.handOver`), as it made the file it was writing before
/// the creator existed. Every temporary is registered while it exists, and a second interrupt
/// removes it with the run's others.
final class PlainFileCreator: Sendable {
    /// A file handed over, its data read and verified. Paths are relative to the destination.
    struct File: Sendable {
        var temporary: PathName
        var name: PathName
        var entry: HeldDirectoryFileWriter.Entry
        var data: FileData
        /// What is recorded once it has its name; a failure keeps its source and start.
        var outcome: FileOutcome
        var start: Double
    }

    /// A file's data as the archive gave it, and where each run of it goes (holes between runs
    /// stay holes). Runs are kept where the stream decoded them, in its chunks (`LentChunk`), with
    /// no copy; bytes libarchive gave from its own buffer are copied.
    struct FileData: Sendable {
        /// An array runs are in: a chunk the stream lent (its number), or bytes copied (nil).
        private struct Storage {
            var bytes: [UInt8]
            var chunk: Int?
        }
        private var storages: [Storage] = []
        private var runs: [(storage: Int, start: Int, count: Int, offset: Int64)] = []
        /// The entry's size: room for copies is made once.
        private let expectedCount: Int
        /// The bytes of data.
        private(set) var count = 0

        init(expectedCount: Int) { self.expectedCount = expectedCount }

        /// Copies `block`.
        mutating func append(_ block: UnsafeRawBufferPointer, at offset: Int64) {
            guard !block.isEmpty else { return }
            if storages.last?.chunk != nil || storages.isEmpty {
                // Room for the rest of the file, unless part of it is kept in chunks (then its
                // copies are the pieces that straddle two).
                let rest = storages.isEmpty ? expectedCount - count : 0
                storages.append(Storage(bytes: [], chunk: nil))
                storages[storages.count - 1].bytes.reserveCapacity(max(block.count, rest))
            }
            let copies = storages.count - 1
            addRun(storage: copies, start: storages[copies].bytes.count, count: block.count, at: offset)
            storages[copies].bytes.append(contentsOf: block)
        }

        /// Keeps `lent`'s bytes in their chunk.
        mutating func append(_ lent: LentChunk, at offset: Int64) {
            guard !lent.range.isEmpty else { return }
            if storages.last?.chunk != lent.number { storages.append(Storage(bytes: lent.chunk, chunk: lent.number)) }
            addRun(storage: storages.count - 1, start: lent.range.lowerBound, count: lent.range.count, at: offset)
        }

        /// The memory it keeps alive: the room made for copies (a sparse file's is its size, however
        /// few its bytes), and the whole size of each chunk it keeps numbered after `lastCharged`
        /// (then the last of them). Chunks come in stream order, so a caller that weighs the files
        /// it sends in order charges each chunk to the first file that keeps it: files in a
        /// channel weigh what they keep alive, less at most the one chunk whose first file has
        /// left it, however small the pieces of it the others keep.
        func weight(chargingChunksAfter lastCharged: inout Int) -> Int {
            var weight = 0
            for storage in storages {
                guard let chunk = storage.chunk else {
                    weight += storage.bytes.capacity
                    continue
                }
                guard chunk > lastCharged else { continue }
                weight += storage.bytes.count
                lastCharged = chunk
            }
            return weight
        }

        private mutating func addRun(storage: Int, start: Int, count: Int, at offset: Int64) {
            if let last = runs.last, last.storage == storage, last.start + last.count == start,
               last.offset + Int64(last.count) == offset {
                runs[runs.count - 1].count += count
            } else {
                runs.append((storage, start, count, offset))
            }
            self.count += count
        }

        /// Calls `body` with a function that gives the runs one by one, as the archive's data
        /// blocks (then nil), for `HeldDirectoryFileWriter.write`.
        func withBlocks<Result>(
            _ body: (_ next: () -> (bytes: UnsafeRawBufferPointer, offset: Int64)?) throws -> Result
        ) rethrows -> Result {
            var pinned: [UnsafeRawBufferPointer] = []
            pinned.reserveCapacity(storages.count)
            return try Self.pinning(storages[...], into: &pinned) { pinned in
                var index = 0
                return try body {
                    guard index < runs.count else { return nil }
                    defer { index += 1 }
                    let run = runs[index]
                    return (UnsafeRawBufferPointer(rebasing: pinned[run.storage][run.start..<run.start + run.count]), run.offset)
                }
            }
        }

        /// Calls `body` with the storages' bytes, each pinned for the whole of it (a file has a
        /// few: one chunk, two where it spans a boundary, its copies).
        private static func pinning<Result>(
            _ storages: ArraySlice<Storage>, into pinned: inout [UnsafeRawBufferPointer],
            _ body: ([UnsafeRawBufferPointer]) throws -> Result
        ) rethrows -> Result {
            guard let first = storages.first else { return try body(pinned) }
            return try first.bytes.withUnsafeBytes { bytes in
                pinned.append(bytes)
                return try pinning(storages.dropFirst(), into: &pinned, body)
            }
        }
    }

    /// Data waiting in the channel at most (files up to `largestFile` are handed over).
    static let capacity = 4 << 20
    static let largestFile = 1 << 20
    /// Larger chunks (archives made with large blocks) are not kept for a file's few bytes of
    /// them: its bytes are copied, so that the channel always holds a few chunks' weight.
    static let largestChunkKept = capacity / 2
    /// What a file weighs in the channel besides its data, so that empty files count too.
    private static let weightOfAFile = 4096

    private enum Work: Sendable {
        /// Files in archive order, handed over together: one wake-up of the thread for many, and
        /// what their data keeps alive (`FileData.weight`).
        case create([File], weight: Int)
        /// The extraction removes or replaces what is at the path (`HeldDirectories.forget`).
        case forget(PathName)
    }

    private struct Progress {
        var handed = 0
        var finished = 0
    }

    private let channel: BoundedChannel<Work>
    private let progress = Monitor(Progress())
    private let placement: EntryPlacement
    private let writer: HeldDirectoryFileWriter
    private let registry: TemporaryFileRegistry
    private let collector: any ResultRecording
    private let thread: Locked<JoinableThread<Void>?>

    /// A test's pause before the creator makes a file (given its name), to hold it busy.
    typealias Pause = @Sendable (PathName) -> Void

    /// Starts the thread. `root`: a descriptor of the destination, which the creator owns.
    init(
        root: Int32, placement: EntryPlacement, writer: HeldDirectoryFileWriter, registry: TemporaryFileRegistry,
        collector: any ResultRecording, cancellation: CancellationFlag, pause: Pause? = nil
    ) {
        let channel = BoundedChannel<Work>(capacity: Self.capacity, cancellation: cancellation) { work in
            if case .create(let files, let weight) = work { return weight + files.count * Self.weightOfAFile }
            return Self.weightOfAFile
        }
        self.channel = channel
        (self.placement, self.writer, self.registry, self.collector) = (placement, writer, registry, collector)
        let progress = progress
        thread = Locked(JoinableThread(name: "squeeze.create") {
            let directories = HeldDirectories(root: root)
            while let work = try? channel.receive() {
                var count = 1
                switch work {
                case .create(let files, _):
                    for file in files {
                        pause?(file.name)
                        // Interrupted, it begins no other file: what waits here is dropped.
                        if cancellation.isCancelled { continue }
                        Self.create(file, in: directories, placement: placement, writer: writer, registry: registry, collector: collector)
                    }
                    count = files.count
                case .forget(let path):
                    directories.forget(path)
                }
                progress.update { state in
                    state.finished += count
                    return state.finished == state.handed ? .all(.takers) : .none
                }
            }
        })
    }

    deinit { finish() }

    /// Queues `files` if the channel has room now; the creator gives each its name and records its
    /// outcome. False when it has none, or the run was interrupted: they are the caller's to make
    /// (`createHere`). The extraction thread does not wait for room: while the creator is behind,
    /// it makes the files itself, so that the two threads share the creating (the kernel's work
    /// on each file is most of an extraction's CPU) instead of one waiting for the other.
    func handIfRoom(_ files: [File], weight: Int) -> Bool {
        send(.create(files, weight: weight), count: files.count, waiting: false)
    }

    /// Makes `files` on the calling thread (the extraction thread, from its own held directories),
    /// as the creator would.
    func createHere(_ files: [File], from directories: HeldDirectories) {
        for file in files {
            Self.create(file, in: directories, placement: placement, writer: writer, registry: registry, collector: collector)
        }
    }

    /// The extraction removes or replaces what is at `path`: the creator forgets its descriptors
    /// of it, before it creates anything handed over later.
    func forget(_ path: PathName) { send(.forget(path), count: 1, waiting: true) }

    /// Waits until everything handed over is done: every file has its name (or has failed).
    func waitUntilCreated() {
        progress.wait(.takers, until: { state in state.finished == state.handed ? () : nil })
    }

    /// Whether everything handed over is done, without waiting.
    var hasCreatedEverything: Bool {
        var done = false
        progress.update { state in
            done = state.finished == state.handed
            return .none
        }
        return done
    }

    /// Lets the creator finish what it was handed, and waits for its thread to end. Once called,
    /// nothing more may be handed over; calling it again does nothing.
    func finish() {
        channel.finish()
        thread.withLock { thread in
            thread?.join()
            thread = nil
        }
    }

    /// Sends `work` (`count` files, or one step), waiting for room or not; false when it was not
    /// sent (no room, or the run was cancelled first), and it counts as done.
    @discardableResult
    private func send(_ work: Work, count: Int, waiting: Bool) -> Bool {
        progress.update { state in
            state.handed += count
            return .none
        }
        if waiting ? channel.send(work) : channel.offer(work) == .sent { return true }
        progress.update { state in
            state.finished += count
            return state.finished == state.handed ? .all(.takers) : .none
        }
        return false
    }

    /// Writes `file` under its temporary and renames it into place: what the extraction thread
    /// does for a file in a held directory, with the same failures.
    private static func create(
        _ file: File, in directories: HeldDirectories, placement: EntryPlacement, writer: HeldDirectoryFileWriter,
        registry: TemporaryFileRegistry, collector: any ResultRecording
    ) {
        let registered = placement.absolute(file.temporary)
        let path = placement.absolute(file.name)
        registry.register(registered)
        var directory: Int32?
        do {
            guard let found = directories.held(file.name.parent) else {
                throw SystemError("create", path, code: errno == 0 ? ENOENT : errno)
            }
            directory = found
            let temporary = file.temporary.lastComponent, name = file.name.lastComponent
            _ = try file.data.withBlocks { next in try writer.write(temporary, in: found, file.entry, path: path, nextBlock: next) }
            try systemCall("rename into place", path) {
                temporary.withCString { from in name.withCString { to in renameat(found, from, found, to) } }
            }
            registry.unregister(registered)
            collector.record(file.outcome)
        } catch {
            if let directory { _ = file.temporary.lastComponent.withCString { unlinkat(directory, $0, 0) } }
            registry.unregister(registered)
            var outcome = file.outcome
            outcome.output = nil
            outcome.bytesOut = 0
            outcome.warning = nil
            outcome.seconds = MonotonicClock.now() - file.start
            outcome.status = .failed("\(error)")
            collector.record(outcome)
        }
    }
}
