import Dispatch
import Foundation

/// The intent a run declares to the scheduler (`--qos`).
public enum QualityOfService: String, CaseIterable, Sendable, Codable {
    case userInteractive = "user-interactive"
    case userInitiated = "user-initiated"
    case utility
    case background

    var dispatchClass: DispatchQoS.QoSClass {
        switch self {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        }
    }

    var operationQuality: Foundation.QualityOfService {
        switch self {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        }
    }
}
