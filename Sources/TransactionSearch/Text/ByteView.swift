/// The bytes a parser reads, read-only: what the statement readers (`TransactionSearchFiles`)
/// and the core's own text parsers pass around and keep in their scanners instead of a raw
/// pointer.
///
/// The lifetime rule, in one place: a view is made only by `withByteView` of an array, an array slice or a string, and is
/// valid only inside that call, which keeps the array alive and unchanged; a parser and every
/// scanner holding a view live inside it, and what they return is values (strings, entries,
/// ranges), never a view. Nothing else makes one, so a view outliving its bytes can only come
/// from returning one out of that closure, which no reader does. (The compiler cannot check
/// this yet: a `~Escapable` type of our own needs an experimental feature and underscored
/// attributes in Swift 6.3, which a library that apps depend on by version should not use.)
///
/// Indices are positions from 0. Reading a byte costs what reading through the pointer does:
/// the bounds are checked in debug builds only, as `UnsafeBufferPointer` does.
@usableFromInline
package struct ByteView: RandomAccessCollection {
    /// The bytes; the view never writes through it.
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

    @usableFromInline init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// A view of no bytes (for a field that is absent).
    @inlinable package static var empty: ByteView { ByteView(UnsafeBufferPointer(start: nil, count: 0)) }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { buffer.count }
    @inlinable package var count: Int { buffer.count }

    /// The byte at `position`.
    @inlinable @inline(__always)
    package subscript(position: Int) -> UInt8 { buffer[position] }

    /// The bytes of `range` as a view of their own, counted from 0 (a slice, `view[range]`,
    /// keeps the positions of this view instead).
    @inlinable @inline(__always)
    package func view(_ range: some RangeExpression<Int>) -> ByteView {
        ByteView(UnsafeBufferPointer(rebasing: buffer[range.relative(to: self)]))
    }

    /// The contiguous bytes, so that `String(decoding:as:)`, `append(contentsOf:)` and
    /// comparisons copy them at once.
    @inlinable package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(buffer)
    }

    /// Calls `body` with the raw bytes, for the few loops that load eight bytes at once or
    /// hash them; `body` must not keep the pointer.
    @inlinable package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(buffer))
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with a view of these bytes, valid for the call only (see `ByteView`).
    @inlinable package func withByteView<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeBufferPointer { buffer throws(Failure) -> Result in try body(ByteView(buffer)) }
    }
}

extension ArraySlice where Element == UInt8 {
    /// Calls `body` with a view of these bytes, counted from 0, valid for the call only.
    @inlinable package func withByteView<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeBufferPointer { buffer throws(Failure) -> Result in try body(ByteView(buffer)) }
    }
}

extension String {
    /// Calls `body` with a view of the string's UTF-8 (made contiguous first if it is not),
    /// valid for the call only.
    @inlinable package mutating func withByteView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try withUTF8 { try body(ByteView($0)) }
    }
}
