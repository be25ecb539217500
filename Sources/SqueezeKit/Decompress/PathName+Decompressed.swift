extension PathName {
    /// The name `gzip -d` gives the decompressed file: `.gz` removed, `.tgz` becoming `.tar`; nil
    /// for any other name, and for a name that is nothing but the suffix.
    public var decompressedPath: PathName? {
        let name = lastComponent
        if name.hasSuffix(".tgz") && name.bytes.count > 4 {
            return trimmingTrailingSlashes.removingSuffix(".tgz").appendingSuffix(".tar")
        }
        if name.hasSuffix(".gz") && name.bytes.count > 3 {
            return trimmingTrailingSlashes.removingSuffix(".gz")
        }
        return nil
    }
}
