/// How the amount of a series behaves: fixed, stepping to new stable levels (price changes), or
/// varying in a band around a median (utilities).
///
/// Runs of equal amounts are levels. A single odd amount between two runs of one level is an
/// outlier (a prorated month, a one-off fee), not a change. A fixed series may step to a new
/// level a few times (Spotify 9.99 → 10.99); every level must hold for two occurrences or more
/// (a new price seen once is not yet a stable level). Anything else is a band, measured by its
/// largest ratio to the median and its mean deviation.
struct SeriesAmountModel: Sendable {
    /// The three behaviours.
    enum Kind: Sendable {
        /// One amount (outliers aside).
        case fixed
        /// Up to `RecurringTuning.maximumPriceChanges` steps between stable levels.
        case stepped
        /// Varying around a median.
        case banded
    }

    /// The behaviour.
    var kind: Kind
    /// The typical signed amount: the latest level when fixed or stepped, else the median.
    var typical: Int64
    /// The smallest signed amount.
    var minimum: Int64
    /// The largest signed amount.
    var maximum: Int64
    /// The steps between levels, in date order (fixed and stepped only).
    var changes: [DetectedPriceChange]
    /// Odd single amounts between two runs of one level.
    var outliers: Int
    /// The largest ratio between an amount and the median, either way round (≥ 1).
    var maximumRatio: Double
    /// The mean absolute deviation from the median, relative to the median.
    var deviation: Double

    /// Analyses `amounts` (one sign, date order) paid on `days`.
    init(amounts: [Int64], days: [Int32]) {
        let count = amounts.count
        if let first = amounts.first, amounts.allSatisfy({ $0 == first }) {
            // The common case, without sorting or allocating.
            kind = .fixed
            typical = first
            minimum = first
            maximum = first
            changes = []
            outliers = 0
            maximumRatio = 1
            deviation = 0
            return
        }
        minimum = amounts.min() ?? 0
        maximum = amounts.max() ?? 0
        let negative = (amounts.first ?? 0) < 0

        // Levels: runs of equal amounts, single odd amounts between one level dropped.
        var runs: [(value: Int64, start: Int, length: Int)] = []
        for (index, value) in amounts.enumerated() {
            if let last = runs.last, last.value == value {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((value, index, 1))
            }
        }
        var levels: [(value: Int64, start: Int, length: Int)] = []
        var outliers = 0
        for (index, run) in runs.enumerated() {
            if run.length == 1, index > 0, index < runs.count - 1, runs[index - 1].value == runs[index + 1].value {
                outliers += 1
                continue
            }
            if let last = levels.last, last.value == run.value {
                levels[levels.count - 1].length += run.length
            } else {
                levels.append(run)
            }
        }
        self.outliers = outliers
        var steps: [DetectedPriceChange] = []
        var stepsOK = levels.count - 1 <= RecurringTuning.maximumPriceChanges && outliers * 10 <= count
        if stepsOK {
            for index in levels.indices.dropFirst() {
                let from = levels[index - 1].value, to = levels[index].value
                let up = Double(to.magnitude), down = Double(from.magnitude)
                if max(up, down) > RecurringTuning.priceChangeMaximumRatio * min(up, down) { stepsOK = false }
                if levels[index].length < 2 || levels[index - 1].length < 2 { stepsOK = false }
                steps.append(DetectedPriceChange(day: days[levels[index].start], from: from, to: to))
            }
        }
        if stepsOK, let latest = levels.last {
            kind = steps.isEmpty ? .fixed : .stepped
            typical = latest.value
            changes = steps
            let low = Double(min(minimum.magnitude, maximum.magnitude)), high = Double(max(minimum.magnitude, maximum.magnitude))
            maximumRatio = low > 0 ? high / low : 1
            deviation = 0
            return
        }

        // A band: statistics on magnitudes around their median.
        var magnitudes = amounts.map { Double($0.magnitude) }
        magnitudes.sort()
        let median = count == 0 ? 0 : (magnitudes[(count - 1) / 2] + magnitudes[count / 2]) / 2
        var ratio = 1.0
        var deviation = 0.0
        if median > 0 {
            for value in magnitudes {
                ratio = max(ratio, value > median ? value / median : median / max(value, 1))
                deviation += value > median ? value - median : median - value
            }
            deviation /= Double(count) * median
        }
        maximumRatio = ratio
        self.deviation = deviation
        kind = .banded
        let rounded = Int64(nearestInteger(median))
        typical = negative ? -rounded : rounded
        changes = []
    }
}
