#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two byte strings are equal: lengths first, then one `memcmp`. (The generic
/// `elementsEqual` walks two iterators a byte at a time: comparing each payee's folded text
/// with its merchant's that way was 8 % of opening a long-tail store directory.)
@inline(__always)
func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
}

/// `bytesEqual` of two buffers of bytes.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    bytesEqual(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
}
