import TransactionSearch

/// Remembers what the few distinct values of a column mean (a status column holds two or
/// three), so that each row costs a byte comparison instead of folding its text again.
struct ValueCache<Value> {
    private var entries: [(bytes: [UInt8], value: Value)] = []
    private let capacity: Int

    /// A cache of at most `capacity` distinct values (more are computed each time).
    init(capacity: Int = 32) { self.capacity = capacity }

    /// The value of `bytes`, computed by `make` the first time.
    mutating func value(_ bytes: ByteView, _ make: (ByteView) -> Value) -> Value {
        for entry in entries where entry.bytes.elementsEqual(bytes) { return entry.value }
        let value = make(bytes)
        if entries.count < capacity { entries.append((Array(bytes), value)) }
        return value
    }
}
