/// Dictionary encoding of day or month numbers: each distinct value in use gets a small code,
/// so that buckets and per-query arrays are as long as the distinct days, not the span of
/// years (one row dated 0001-01-01 must not make every query allocate 740,000 days). The
/// values in use are also kept sorted, for date-ordered groups. Code 0 is never used.
struct ValuePool: Sendable {
    private var codeOf = IntMap()
    /// Values by code.
    private(set) var values: [Int32] = [0]
    private var references: [UInt32] = [0]
    private var freeCodes: [UInt32] = []
    /// The values in use, ascending.
    private(set) var sortedValues: [Int32] = []
    /// The codes of `sortedValues`, in the same order.
    private(set) var sortedCodes: [UInt32] = []
    /// The code retained last: rows often come in date order, so the next row's day is
    /// usually the same and needs no lookup.
    private var lastCode: UInt32 = 0

    var codeLimit: Int { values.count }
    var liveCount: Int { sortedValues.count }

    var memoryUse: Int {
        codeOf.memoryUse + values.capacity * 4 + references.capacity * 4 + sortedValues.capacity * 4 + sortedCodes.capacity * 4 + freeCodes.capacity * 4
    }

    func code(of value: Int32) -> UInt32? { codeOf[ValuePool.key(value)] }

    /// How many uses `code` has (0 for a free code).
    func referenceCount(_ code: UInt32) -> Int { Int(references[Int(code)]) }

    @inline(__always)
    private static func key(_ value: Int32) -> UInt64 { UInt64(UInt32(bitPattern: value)) }

    @inline(__always)
    func value(_ code: UInt32) -> Int32 { values[Int(code)] }

    /// Counts one more use of `value`; returns its code, and whether it was not in use.
    mutating func retain(_ value: Int32) -> (code: UInt32, isNew: Bool) {
        if lastCode != 0, values[Int(lastCode)] == value, references[Int(lastCode)] > 0 {
            references[Int(lastCode)] += 1
            return (lastCode, false)
        }
        if let code = codeOf[ValuePool.key(value)] {
            references[Int(code)] += 1
            lastCode = code
            return (code, false)
        }
        let code: UInt32
        if let reused = freeCodes.popLast() {
            code = reused
            values[Int(code)] = value
            references[Int(code)] = 1
        } else {
            code = UInt32(values.count)
            values.append(value)
            references.append(1)
        }
        codeOf.set(ValuePool.key(value), code)
        let index = sortedValues.lowerBound(value)
        sortedValues.insert(value, at: index)
        sortedCodes.insert(code, at: index)
        lastCode = code
        return (code, true)
    }

    mutating func retain(code: UInt32) {
        precondition(references[Int(code)] > 0, "ValuePool.retain(code:) on a free code")
        references[Int(code)] += 1
    }

    mutating func release(_ code: UInt32) {
        precondition(references[Int(code)] > 0, "ValuePool.release on a free code")
        references[Int(code)] -= 1
        guard references[Int(code)] == 0 else { return }
        let value = values[Int(code)]
        codeOf.remove(ValuePool.key(value))
        let index = sortedValues.lowerBound(value)
        sortedValues.remove(at: index)
        sortedCodes.remove(at: index)
        freeCodes.append(code)
    }

    func checkInvariants() {
        invariant(codeOf.count == sortedValues.count, "value pool: map \(codeOf.count) != sorted \(sortedValues.count)")
        for (index, value) in sortedValues.enumerated() {
            if index > 0 { invariant(sortedValues[index - 1] < value, "value pool not ascending") }
            guard let code = codeOf[ValuePool.key(value)] else {
                invariantFailure("value pool lost \(value)")
                continue
            }
            invariant(sortedCodes[index] == code, "value pool sorted codes are stale")
            invariant(values[Int(code)] == value && references[Int(code)] > 0, "value pool code mismatch")
        }
    }
}

extension Array where Element == Int32 {
    /// The first index whose value is not less than `value` (the array ascending).
    func lowerBound(_ value: Int32) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
