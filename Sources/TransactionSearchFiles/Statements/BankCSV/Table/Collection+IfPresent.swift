import TransactionSearch

/// Reading an element that may not be there, for cells of rows shorter than the header and
/// bytes past the end of a field.
extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(ifPresent index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}

extension ByteView {
    /// The byte at `index`, or nil past either end.
    @inline(__always)
    subscript(ifPresent index: Int) -> UInt8? {
        index >= 0 && index < count ? self[index] : nil
    }
}
