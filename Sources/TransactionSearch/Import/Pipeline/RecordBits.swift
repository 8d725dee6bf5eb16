/// One bit per record of an import, by record number: which records pass validation, which
/// are added. 100,000 records take 12.5 KB.
package struct RecordBits: Sendable {
    private var words: [UInt64] = []
    /// How many records have a bit.
    private(set) var count = 0

    /// No records.
    package init() {}

    /// `count` records, every bit clear.
    package init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
        self.count = count
    }

    /// The bit of the next record.
    mutating func append(_ isSet: Bool) {
        if count & 63 == 0 { words.append(0) }
        count += 1
        self[count - 1] = isSet
    }

    package subscript(index: Int) -> Bool {
        get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
        set {
            if newValue {
                words[index >> 6] |= 1 << UInt64(index & 63)
            } else {
                words[index >> 6] &= ~(1 << UInt64(index & 63))
            }
        }
    }
}
