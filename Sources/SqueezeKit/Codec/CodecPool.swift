
/// Keeps codec instances (which are costly to set up and not thread safe) for reuse: a worker
/// borrows one for a block and returns it, so each is used by one thread at a time.
final class CodecPool<Instance: AnyObject & Sendable>: Sendable {
    private let idle = Locked<[Instance]>([])
    private let make: @Sendable () throws -> Instance

    init(make: @escaping @Sendable () throws -> Instance) {
        self.make = make
    }

    func withInstance<Result>(_ body: (Instance) throws -> Result) throws -> Result {
        let instance = try idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(instance) } }
        return try body(instance)
    }
}
