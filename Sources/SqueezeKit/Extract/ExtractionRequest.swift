/// Everything `squeeze extract` was asked to do.
public struct ExtractionRequest: Sendable {
    /// Any archive libarchive reads: tar (compressed or not), zip, cpio, 7z, ...
    public var archive: PathName
    /// Where to extract; created if missing. Nothing is ever written outside it.
    public var destination: PathName
    public var options: ExtractionOptions
    /// How the archive's bytes reach libarchive: as they are, or decoded by squeeze first.
    public var openStream: DecodedStreamOpener

    public init(
        archive: PathName, destination: PathName, options: ExtractionOptions = ExtractionOptions(),
        openStream: @escaping DecodedStreamOpener = DecodedStreamOpeners.automatic
    ) {
        self.archive = archive
        self.destination = destination
        self.options = options
        self.openStream = openStream
    }
}
