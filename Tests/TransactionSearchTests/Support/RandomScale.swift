import Foundation

/// How much randomized work a test does: 1 by default; `TS_RANDOM_SCALE=20 swift test` runs
/// twenty times as many cases (the long mode).
enum RandomScale {
    static let factor: Int = {
        guard let text = ProcessInfo.processInfo.environment["TS_RANDOM_SCALE"], let value = Int(text), value > 0 else { return 1 }
        return value
    }()
}
