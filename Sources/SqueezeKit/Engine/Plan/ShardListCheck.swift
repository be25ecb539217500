import FoundationEssentials

/// A plan that does not hold together, refused before any file is touched. Plans often live on a
/// shared file system: whoever can write there must not choose what a shard job compresses and,
/// under `--rm`, deletes. Bad input (exit 1), not a usage error: the plan is damaged or was edited.
public struct ShardPlanRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case formatVersion(Int)
        case notAManifest(String)
        case notARegularFile(String, FileKind)
        case inconsistentManifest(String)
        case unreadableList(String, String)
        case cutShort(list: String)
        case outsideRoots(list: String, name: PathName, roots: [String])
        case escapes(list: String, name: PathName)
        case duplicate(list: String, name: PathName)
        case count(list: String, found: Int, recorded: Int)
        case length(list: String, found: Int64, recorded: Int64)
        case digest(list: String)
    }

    public let directory: PathName
    public let reason: Reason

    public init(_ directory: PathName, _ reason: Reason) {
        self.directory = directory
        self.reason = reason
    }

    public var description: String {
        "the plan '\(directory)' is refused: \(why); no file was touched"
    }

    private var why: String {
        switch reason {
        case .formatVersion(let version) where version < ShardPlanManifest.currentFormatVersion:
            "it is of format \(version), made by an earlier squeeze, which recorded no digest of its lists to check them by: make it again (squeeze plan … -f)"
        case .formatVersion(let version):
            "it is of format \(version); this squeeze reads format \(ShardPlanManifest.currentFormatVersion) (made by a later squeeze?)"
        case .notAManifest(let detail): "\(ShardPlanManifest.fileName) is not a squeeze plan manifest (\(detail))"
        case .notARegularFile(let name, let kind): "\(name) is not a regular file but a \(kind)"
        case .inconsistentManifest(let detail): "its manifest does not hold together: \(detail)"
        case .unreadableList(let list, let detail): "\(list) cannot be read: \(detail)"
        case .cutShort(let list): "\(list) ends inside a name (cut short?): only whole, NUL-terminated names are taken"
        case .outsideRoots(let list, let name, let roots):
            "\(list) names '\(name.escapedForTerminal)', which is not under the plan's roots (\(roots.joined(separator: ", ")))"
        case .escapes(let list, let name): "\(list) names '\(name.escapedForTerminal)', which leaves its root through '..'"
        case .duplicate(let list, let name): "\(list) names '\(name.escapedForTerminal)' twice"
        case .count(let list, let found, let recorded): "\(list) holds \(found) names, the manifest says \(recorded)"
        case .length(let list, let found, let recorded): "\(list) is \(found) bytes long, the manifest says \(recorded)"
        case .digest(let list): "\(list) is not the list the plan wrote (its SHA-256 is not the manifest's)"
        }
    }
}

extension ShardPlanManifest {
    /// Shard `index`'s names, read from its list in `directory` (the plan's) and checked against
    /// this manifest first: the manifest holds together, the list is a regular file of whole,
    /// NUL-terminated names, each under the plan's roots (for a plan made by a scan: a list's names
    /// are roots of their own) without a `..` component, none twice, as many names and bytes as
    /// recorded, and the SHA-256 recorded. Anything else throws a `ShardPlanRefusal`.
    ///
    /// What this does not defend: whoever can rewrite the manifest too can make a plan of their
    /// own, within the roots it then names. The digest ties the lists to the manifest, so an edit
    /// of a list alone (another shard's names moved in, a name swapped) is refused.
    public func checkedNames(ofShard index: Int, in directory: PathName) throws(ShardPlanRefusal) -> [PathName] {
        let shard = try checkedEntry(ofShard: index, in: directory)
        let listPath = directory.appending(PathName(shard.list))
        let file: ReadableFile
        do {
            file = try ReadableFile(regularFile: listPath)
            let kind = try file.status().kind
            guard kind == .regular else { throw ShardPlanRefusal(directory, .notARegularFile(shard.list, kind)) }
        } catch let refusal as ShardPlanRefusal {
            throw refusal
        } catch {
            throw ShardPlanRefusal(directory, .unreadableList(shard.list, "\(error)"))
        }

        var names: [PathName] = []
        names.reserveCapacity(shard.files)
        var digest = SHA256()
        var length: Int64 = 0
        var records = RecordSplitter(terminator: 0)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do {
                count = try file.read(into: buffer, at: length)
            } catch {
                throw ShardPlanRefusal(directory, .unreadableList(shard.list, "\(error)"))
            }
            if count == 0 { break }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            digest.update(piece)
            records.consume(piece) { names.append(PathName(bytes: $0)) }
            length += Int64(count)
        }
        if records.hasUnendedRecord { throw ShardPlanRefusal(directory, .cutShort(list: shard.list)) }

        try checkNames(names, list: shard.list, in: directory)
        guard names.count == shard.files else {
            throw ShardPlanRefusal(directory, .count(list: shard.list, found: names.count, recorded: shard.files))
        }
        guard length == shard.listBytes else {
            throw ShardPlanRefusal(directory, .length(list: shard.list, found: length, recorded: shard.listBytes))
        }
        guard digest.finalHex() == shard.listSHA256.lowercased() else { throw ShardPlanRefusal(directory, .digest(list: shard.list)) }
        return names
    }

    /// Shard `index`'s entry, once the manifest is seen to hold together: one entry per shard, in
    /// order, each naming its own list, their files adding up.
    private func checkedEntry(ofShard index: Int, in directory: PathName) throws(ShardPlanRefusal) -> Shard {
        func refuse(_ detail: String) -> ShardPlanRefusal { ShardPlanRefusal(directory, .inconsistentManifest(detail)) }
        guard shards.count == shardCount else { throw refuse("\(shards.count) shards listed, shardCount says \(shardCount)") }
        for (position, shard) in shards.enumerated() {
            guard shard.index == position, shard.list == Self.listName(ofShard: position) else {
                throw refuse("shard \(position) is listed as \(shard.index), '\(shard.list)'")
            }
            guard shard.files >= 0, shard.listBytes >= 0 else { throw refuse("shard \(position) has a negative count") }
        }
        guard options.rootBytes.count == options.roots.count else {
            throw refuse("\(options.roots.count) roots, \(options.rootBytes.count) rootBytes")
        }
        let total = shards.reduce(0) { $0 + $1.files }
        guard total == files else { throw refuse("the shards hold \(total) files, files says \(files)") }
        guard index >= 0 && index < shards.count else { throw refuse("there is no shard \(index)") }
        return shards[index]
    }

    /// Each name under the roots (a plan made by a scan), with no `..` below its root, none twice.
    private func checkNames(_ names: [PathName], list: String, in directory: PathName) throws(ShardPlanRefusal) {
        let roots = options.filesFrom == nil ? plannedRoots : nil
        var seen = ClaimedNames(expected: names.count)
        for (index, name) in names.enumerated() {
            if let roots {
                guard let below = roots.lazy.compactMap({ Self.part(of: name, below: $0) }).first else {
                    throw ShardPlanRefusal(directory, .outsideRoots(list: list, name: name, roots: options.roots))
                }
                if Self.hasDotDotComponent(below) { throw ShardPlanRefusal(directory, .escapes(list: list, name: name)) }
            }
            guard seen.claim(name, by: Int32(index), nameOf: { names[Int($0)] }) == nil else {
                throw ShardPlanRefusal(directory, .duplicate(list: list, name: name))
            }
        }
    }

    /// The roots `plan` scanned, by their exact bytes (`checkedEntry` saw one `rootBytes` each).
    private var plannedRoots: [PathName] {
        zip(options.roots, options.rootBytes).map { text, base64 in
            base64.flatMap { Data(base64Encoded: $0) }.map { PathName(bytes: $0) } ?? PathName(text)
        }
    }

    /// Whether `path` has a `..` component. (Without splitting it: arrays of components cost
    /// more than the rest of a name's check.)
    private static func hasDotDotComponent(_ path: ArraySlice<UInt8>) -> Bool {
        let (slash, dot) = (UInt8(ascii: "/"), UInt8(ascii: "."))
        var start = path.startIndex
        for index in path.indices where path[index] == slash {
            if index - start == 2 && path[start] == dot && path[start + 1] == dot { return true }
            start = index + 1
        }
        return path.endIndex - start == 2 && path[start] == dot && path[start + 1] == dot
    }

    /// What follows `root` in `name` when the name is the root or lies under it (empty for the
    /// root itself), else nil.
    private static func part(of name: PathName, below root: PathName) -> ArraySlice<UInt8>? {
        let slash = UInt8(ascii: "/")
        guard name.bytes.starts(with: root.bytes) else { return nil }
        let rest = name.bytes[root.bytes.count...]
        if rest.isEmpty || root.bytes.last == slash { return rest }
        return rest.first == slash ? rest.dropFirst() : nil
    }
}
