import Foundation

/// The result through a 64 KiB buffer: a streamed result is written in large blocks
/// rather than a call per row, and never held whole. A value type, so that appending is a
/// plain array append (a class's buffer paid an exclusivity check per byte written).
struct BufferedOutput {
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init() {
        buffer.reserveCapacity(BufferedOutput.capacity + 4096)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= BufferedOutput.capacity { flush() }
    }

    mutating func write(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        if buffer.count >= BufferedOutput.capacity { flush() }
    }

    mutating func write(_ byte: UInt8) {
        buffer.append(byte)
        if buffer.count >= BufferedOutput.capacity { flush() }
    }

    /// Writes out what is buffered to the command's destination (`OutputDestination`: a
    /// failure is kept and reported when the command ends).
    mutating func flush() {
        buffer.withUnsafeBytes { OutputDestination.current.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
