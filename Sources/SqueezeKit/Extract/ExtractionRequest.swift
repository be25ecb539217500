/// Everything `squeeze extract` was asked to do.
public struct ExtractionRequest: Sendable {
    /// Any archive libarchive reads: tar (compressed or not), zip, cpio, 7z, ...
    public var archive: PathName
    /// Where to extract; created if missing. Nothing is ever written outside it.
    public var destination: PathName
    public var options: ExtractionOptions
    /// How decoding a gzip-compressed archive is scheduled (entries are written by one thread).
    public var scheduling: SchedulingOptions
    /// How the archive's bytes reach libarchive: as they are, or decoded by squeeze first.
    public var openStream: DecodedStreamOpener

    /// `openStream` defaults to `DecodedStreamOpeners.automatic` with `scheduling`.
    public init(
        archive: PathName, destination: PathName, options: ExtractionOptions = ExtractionOptions(),
        scheduling: SchedulingOptions = SchedulingOptions(), openStream: DecodedStreamOpener? = nil
    ) {
        self.archive = archive
        self.destination = destination
        self.options = options
        self.scheduling = scheduling
        self.openStream = openStream ?? DecodedStreamOpeners.automatic(scheduling: scheduling)
    }
}
