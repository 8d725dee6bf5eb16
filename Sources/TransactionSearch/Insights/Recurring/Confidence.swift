/// The confidence score and the short human reason of a series.
enum SeriesAssessment {
    /// How sure the detector is that `fit` is a real series, 0...1 (two decimals).
    ///
    /// 45% evidence (1 − 0.5^((count − 1)/2): 3 rows 0.5, 7 rows 0.88, 13 rows 0.98), 30%
    /// timing (mean distance from the due day against the tolerance), 25% amount (fixed 1,
    /// stepped a little less, a band by its deviation); then scaled down by the share of missed
    /// occurrences and of foreign rows. A yearly series seen twice stays at or below 0.35.
    static func confidence(_ fit: SeriesFit) -> Double {
        let segment = fit.segment
        let count = segment.count
        var unexplained = 1.0
        for _ in 0..<min(max(count - 1, 0), 60) { unexplained *= 0.707_106_781_186_547_6 }
        let evidence = 1 - unexplained
        let meanOffset = Double(segment.totalOffset) / Double(max(count, 1))
        let timing = max(0, 1 - meanOffset / Double(fit.schedule.tolerance + 1))
        let amount: Double
        switch fit.model.kind {
        case .fixed: amount = fit.model.outliers == 0 ? 1 : 0.9
        case .stepped: amount = max(0.6, 0.95 - 0.05 * Double(fit.model.changes.count))
        case .banded: amount = max(0.3, 1 - 2 * fit.model.deviation)
        }
        var score = 0.45 * evidence + 0.3 * timing + 0.25 * amount
        score *= 1 - 0.5 * Double(segment.missed) / Double(count + segment.missed)
        score *= 1 - 0.5 * Double(segment.foreign) / Double(count + segment.foreign)
        if count < RecurringTuning.minimumFixedCount { score = min(score, RecurringTuning.twoOccurrenceConfidenceCap) }
        return Double(nearestInteger(min(max(score, 0), 1) * 100)) / 100
    }

    /// A short reason such as "12 monthly payments on the 3rd ±1 day, fixed amount".
    static func reason(_ fit: SeriesFit, shift: WeekendShift, income: Bool) -> String {
        let segment = fit.segment
        let noun = income ? "deposits" : "payments"
        var text = "\(segment.count) "
        if case .everyMonths(let months) = fit.schedule.cadence {
            text += "\(noun) every \(months) months"
        } else {
            text += "\(fit.schedule.cadence) \(noun)"
        }
        text += " " + anchorText(fit.schedule.rule)
        let drift = segment.offsets.map { abs($0) }.max() ?? 0
        if drift > 0 { text += " ±\(drift) day" + (drift == 1 ? "" : "s") }
        switch shift {
        case .none: break
        case .toFriday: text += " (the Friday before a weekend)"
        case .toMonday: text += " (the Monday after a weekend)"
        }
        text += ", " + amountText(fit.model)
        if segment.missed > 0 { text += ", \(segment.missed) missed" }
        return text
    }

    /// "on Mondays", "on the 1st and 15th", "on the last day", "on 14 March".
    private static func anchorText(_ rule: CadenceSchedule.Rule) -> String {
        switch rule {
        case .days(_, let phase):
            return "on " + weekdayNames[CivilCalendar.weekday(phase)] + "s"
        case .twiceMonthly(let first, let second):
            return "on the \(dayText(first)) and \(dayText(second))"
        case .months(let step, let phase, let anchor) where step == 12:
            let month = phase + 1
            return "on \(min(anchor, month == 2 ? 29 : CivilCalendar.daysIn(month: month, year: 2001))) \(monthNames[phase])"
        case .months(_, _, let anchor):
            return "on the \(dayText(anchor))"
        }
    }

    /// "1st", "22nd", "last day" (the 31st, clamped in shorter months).
    private static func dayText(_ day: Int) -> String {
        if day >= 31 { return "last day" }
        let suffix: String
        switch (day % 10, day / 10 == 1) {
        case (1, false): suffix = "st"
        case (2, false): suffix = "nd"
        case (3, false): suffix = "rd"
        default: suffix = "th"
        }
        return "\(day)\(suffix)"
    }

    /// "fixed amount", "price changed twice", "amount varies ±18%".
    private static func amountText(_ model: SeriesAmountModel) -> String {
        switch model.kind {
        case .fixed:
            return model.outliers == 0 ? "fixed amount" : "fixed amount, \(model.outliers) odd"
        case .stepped:
            let times = model.changes.count
            return "price changed " + (times == 1 ? "once" : times == 2 ? "twice" : "\(times) times")
        case .banded:
            return "amount varies ±\(nearestInteger((model.maximumRatio - 1) * 100))%"
        }
    }

    /// Weekday names, Monday first (as `CivilCalendar.weekday`).
    private static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// Month names, January first.
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
