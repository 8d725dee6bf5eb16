/// Sorts keys by their bits `from..<to` with a stable least-significant-digit radix sort; keys
/// equal in those bits keep their order.
///
/// The grouping sort packs payee, currency, direction, day and position into one `UInt64`, so
/// one million candidates sort in a few passes over integers, with no string compared or hashed.
/// The position sits in the low bits, already in order, so the passes start above it.
func recurringRadixSort(_ keys: inout [UInt64], from lowest: Int, to bits: Int) {
    let count = keys.count
    guard count > 1, bits > lowest else { return }
    // 13-bit digits: two passes cover the 26 bits of a typical key above its position.
    let digitBits = 13
    let radix = 1 << digitBits
    let mask = UInt64(radix - 1)
    var buffer = [UInt64](repeating: 0, count: count)
    var counts = [Int](repeating: 0, count: radix)
    var shift = lowest
    while shift < bits {
        counts.withUnsafeMutableBufferPointer { tally in
            for index in 0..<radix { tally[index] = 0 }
            keys.withUnsafeBufferPointer { source in
                for key in source { tally[Int((key >> UInt64(shift)) & mask)] += 1 }
            }
        }
        // A digit every key shares moves nothing.
        if counts.contains(count) {
            shift += digitBits
            continue
        }
        counts.withUnsafeMutableBufferPointer { tally in
            var total = 0
            for index in 0..<radix {
                let here = tally[index]
                tally[index] = total
                total += here
            }
            keys.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { target in
                    for key in source {
                        let digit = Int((key >> UInt64(shift)) & mask)
                        target[tally[digit]] = key
                        tally[digit] += 1
                    }
                }
            }
        }
        swap(&keys, &buffer)
        shift += digitBits
    }
}

/// The number of bits needed to write `value` (0 for 0).
func recurringBitWidth(_ value: UInt64) -> Int {
    value == 0 ? 0 : 64 - value.leadingZeroBitCount
}
