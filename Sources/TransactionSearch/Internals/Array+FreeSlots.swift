extension Array {
    /// Stores `element` at an index freed earlier (the last of `free`, taken from it) or at
    /// the end, and returns that index: a table whose removed entries leave holes for reuse.
    mutating func store(_ element: Element, reusing free: inout [UInt32]) -> UInt32 {
        if let index = free.popLast() {
            self[Int(index)] = element
            return index
        }
        append(element)
        return UInt32(count - 1)
    }
}
