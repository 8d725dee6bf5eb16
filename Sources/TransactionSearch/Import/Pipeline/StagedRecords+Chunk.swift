#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StagedRecords {
    /// One chunk of staged bytes, in pages mapped for it alone (`mmap`), so that freeing it
    /// gives its memory back to the system at once. A malloc block would not always: once glibc
    /// has seen a large block freed it raises its mmap threshold (up to 32 MiB), 1 MiB blocks
    /// then come from the heap, and a freed one stays resident until something reuses it. An
    /// import frees its chunks while the store is built (`StagedRecordsDrain`), and the build's
    /// arrays, made on another thread, could not reuse them: a bank CSV import's peak was 2.5
    /// MiB higher (bench, 100,000 rows) with malloc'd chunks.
    ///
    /// Appended to in place by the one `StagedRecords` that holds it (`append` copies a chunk
    /// another copy of the records still holds), read through `bytes`.
    final class Chunk: @unchecked Sendable {
        private let base: UnsafeMutablePointer<UInt8>
        /// Bytes mapped (a multiple of the page size), or allocated when mapping failed.
        let capacity: Int
        private let isMapped: Bool
        /// Bytes written.
        private(set) var count = 0

        /// A chunk of at least `minimumCapacity` bytes.
        init(minimumCapacity: Int) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let size = max(page, (minimumCapacity + page - 1) / page * page)
            let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let mapped, mapped != MAP_FAILED {
                base = mapped.bindMemory(to: UInt8.self, capacity: size)
                isMapped = true
            } else {
                base = .allocate(capacity: size)  // no mapping to be had: malloc's, as before
                isMapped = false
            }
            capacity = size
        }

        deinit {
            if isMapped {
                munmap(UnsafeMutableRawPointer(base), capacity)
            } else {
                base.deallocate()
            }
        }

        /// Room left.
        var free: Int { capacity - count }

        /// The bytes written.
        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

        /// A copy of the bytes written, in a chunk of the same capacity.
        func copy() -> Chunk {
            let copy = Chunk(minimumCapacity: capacity)
            copy.append(contentsOf: bytes)
            return copy
        }

        /// Appends a byte.
        /// - Precondition: there is room (the writer checks a record's bound first).
        @inline(__always)
        func append(_ byte: UInt8) {
            precondition(count < capacity, "StagedRecords.Chunk: a record past its bound")
            base[count] = byte
            count += 1
        }

        /// Appends bytes.
        /// - Precondition: there is room.
        func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
            precondition(bytes.count <= capacity - count, "StagedRecords.Chunk: a record past its bound")
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }
}
