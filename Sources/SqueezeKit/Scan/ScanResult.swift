/// What a scan found: files to work on, paths passed by, and paths it could not read.
public struct ScanResult: Sendable {
    public var files: [ScannedFile] = []
    public var skipped: [SkippedPath] = []
    public var failures: [FileFailure] = []

    public init() {}
}
