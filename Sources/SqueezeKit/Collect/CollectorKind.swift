/// The ways a result collector can be synchronised, compared by `squeeze bench --collectors`
/// (and chosen for one run with the hidden `compress --collector`).
public enum CollectorKind: String, CaseIterable, Sendable, Codable {
    /// A serial queue, workers `sync` their records.
    case sync
    /// A serial queue, workers `async` their records and never wait.
    case async
    /// A concurrent queue of its own, barrier writes and concurrent reads.
    case barrier
    /// A mutex (`Locked`, a `pthread_mutex`): `ResultCollector`, the production one.
    case mutex

    /// The one every command uses unless told otherwise: the one that measured best.
    public static let production = CollectorKind.mutex

    public func makeCollector() -> any ResultRecording {
        switch self {
        case .sync: SyncQueueResultCollector()
        case .async: AsyncQueueResultCollector()
        case .barrier: BarrierQueueResultCollector()
        case .mutex: ResultCollector()
        }
    }
}
