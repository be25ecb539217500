/// What a bench compares.
public enum BenchKind: String, Codable, Sendable {
    /// The scheduling modes (and jobs values), each against `sequential`.
    case modes
    /// The ways of synchronising the result collector, each against the production one.
    case collectors
}
