import TransactionSearch

/// A deterministic sequence of valid changes, for crash tests: the same seed and the same
/// store give the same changes, so a test can replay what a killed process acknowledged.
public struct MutationScript {
    /// One change.
    public enum Step: Equatable, Sendable {
        case add([TransactionDraft])
        case update(id: String, TransactionPatch)
        case delete(id: String)
    }

    private var random: SeededRandom
    private let seed: UInt64
    private var index = 0

    public init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    }

    static let merchants = ["Lidl", "Starbucks", "Café de Flore", "Пятёрочка", "ラーメン屋", "Uber", "Shell", "Straße 12"]
    static let categories = ["Groceries", "Food & Drink", "Transport", "Travel"]

    /// The next change for a store holding `ids` (sorted).
    public mutating func next(ids: [String]) -> Step {
        index += 1
        let roll = random.int(in: 0...99)
        if ids.isEmpty || roll < 45 { return .add([draft(id: "s\(seed)-\(index)")]) }
        if roll < 55 { return .add((0..<5).map { draft(id: "s\(seed)-\(index)-\($0)") }) }
        let id = random.pick(ids)
        if roll < 85 {
            var patch = TransactionPatch()
            switch random.int(in: 0...3) {
            case 0: patch.category = .set(random.pick(MutationScript.categories))
            case 1: patch.notes = random.chance(0.5) ? .set("note \(index)") : .clear
            case 2: patch.amount = .set(DecimalAmount(significand: -Int64(random.int(in: 1...99_999)), fractionDigits: 2))
            default: patch.merchant = .set(random.pick(MutationScript.merchants))
            }
            return .update(id: id, patch)
        }
        return .delete(id: id)
    }

    private mutating func draft(id: String) -> TransactionDraft {
        TransactionDraft(
            id: id, date: .instant(millisecondsSince1970: Int64(1_767_225_600_000 + random.int(in: 0...(400 * 86_400)) * 1000)),
            merchant: random.pick(MutationScript.merchants), category: random.chance(0.7) ? random.pick(MutationScript.categories) : nil,
            card: random.chance(0.5) ? "Visa 4242" : nil, amount: DecimalAmount(significand: -Int64(random.int(in: 1...99_999)), fractionDigits: 2),
            currency: random.pick([Currency.eur, .usd]), status: random.chance(0.1) ? .pending : .posted)
    }

    /// Applies a step to an in-memory store (the test's model).
    public static func apply(_ step: Step, to store: TransactionStore) throws {
        switch step {
        case .add(let drafts): try store.add(contentsOf: drafts)
        case .update(let id, let patch): try store.update(id: id, patch)
        case .delete(let id): try store.delete(id: id)
        }
    }

    /// Applies a step to a durable store.
    public static func apply(_ step: Step, to store: DurableStore) throws {
        switch step {
        case .add(let drafts): try store.add(contentsOf: drafts)
        case .update(let id, let patch): try store.update(id: id, patch)
        case .delete(let id): try store.delete(id: id)
        }
    }
}
