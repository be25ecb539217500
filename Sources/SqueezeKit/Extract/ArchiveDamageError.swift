/// Extraction stopped at an entry because the archive could not be read any further (truncated,
/// corrupt) or the disk could not be written; the entries before it were extracted.
public struct ArchiveDamageError: Error, CustomStringConvertible {
    public let entry: PathName
    public let underlying: any Error

    public var description: String { "stopped at '\(entry)', which could not be extracted: \(underlying)" }
}
