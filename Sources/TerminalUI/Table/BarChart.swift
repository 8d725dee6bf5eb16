/// Horizontal bars of Unicode blocks, in eighths of a cell (`█▉▊▋▌▍▎▏`), for the report and
/// summary charts: a value's bar is as long, relative to the largest magnitude, as `width`
/// allows; a value that is not zero gets at least an eighth.
package enum BarChart {
    /// The partial blocks, one eighth to seven eighths.
    private static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The bar of `value` among values whose largest magnitude is `largest`, at most `width`
    /// cells wide; empty for zero or a width below one.
    package static func bar(_ value: Double, largest: Double, width: Int) -> String {
        guard width > 0, largest > 0, value.isFinite, largest.isFinite, value != 0 else { return "" }
        let eighths = max(1, min(width * 8, Int((abs(value) / largest * Double(width * 8)).rounded())))
        var text = String(repeating: "█", count: eighths / 8)
        if eighths % 8 > 0 { text.append(partials[eighths % 8 - 1]) }
        return text
    }
}
