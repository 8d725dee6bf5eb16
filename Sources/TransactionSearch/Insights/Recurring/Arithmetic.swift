/// Division rounding towards minus infinity, for day and month numbers before the epoch.
@inline(__always)
func floorDiv(_ value: Int, _ divisor: Int) -> Int {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}

/// The remainder in `0..<divisor` (for a positive divisor), the partner of `floorDiv`.
@inline(__always)
func floorMod(_ value: Int, _ divisor: Int) -> Int {
    let remainder = value % divisor
    return remainder < 0 ? remainder + divisor : remainder
}

/// `value` rounded to the nearest integer, halves away from zero.
///
/// Written out because `Double.rounded()` calls the C library's `round`, which a stdlib-only
/// executable on Linux does not link.
/// Values beyond `Int`'s range saturate (an amount near `Int64.max` has no exact median).
@inline(__always)
func nearestInteger(_ value: Double) -> Int {
    if value >= 9.2e18 { return Int.max }
    if value <= -9.2e18 { return Int.min + 1 }
    return value >= 0 ? Int(value + 0.5) : -Int(-value + 0.5)
}
