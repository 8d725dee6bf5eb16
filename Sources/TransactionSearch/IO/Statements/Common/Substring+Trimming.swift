extension Substring {
    /// The text without leading and trailing white space, as a string.
    func trimmingWhitespace() -> String {
        String(self).trimmingWhitespace()
    }
}
