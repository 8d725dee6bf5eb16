/// The rules that make a run of matched occurrences a series, or reject it as a habit or chance.
///
/// Timing is checked by the slot matching (tolerance, gaps); here come the counts: missed and
/// foreign rows, then the amount model and the minimum count it requires.
enum SeriesAcceptance {
    /// Whether a run can be a series before its amounts are looked at (cheap, no allocation).
    /// `pairs`: whether a yearly series of two occurrences may be accepted (only in the last
    /// pass, over the rows no other series took).
    static func plausible(_ cadence: RecurringCadence, count: Int, missed: Int, foreign: Int, pairs: Bool) -> Bool {
        guard count >= 2, missed <= RecurringTuning.allowedMissed(count: count),
              foreign <= RecurringTuning.allowedForeign(count: count)
        else { return false }
        return count >= RecurringTuning.minimumFixedCount || (pairs && cadence == .yearly && missed == 0 && foreign == 0)
    }

    /// The amount model of a run that is a series, or nil.
    ///
    /// Fixed and stepped amounts need 3 occurrences (a yearly fixed amount 2, reported at low
    /// confidence). A band needs more (`RecurringTuning.minimumBandCount`; 4 when within ±5%), and
    /// may miss fewer occurrences (`RecurringTuning.allowedBandMissed`);
    /// weekly and biweekly allow only a ±10% band, because a weekly row of varying amount is a
    /// habit such as groceries.
    static func model(_ cadence: RecurringCadence, count: Int, missed: Int, foreign: Int, pairs: Bool, amounts: [Int64], days: [Int32]) -> SeriesAmountModel? {
        guard plausible(cadence, count: count, missed: missed, foreign: foreign, pairs: pairs) else { return nil }
        if count == 2 {
            guard amounts[0] == amounts[1] else { return nil }
            return SeriesAmountModel(amounts: amounts, days: days)
        }
        let model = SeriesAmountModel(amounts: amounts, days: days)
        switch model.kind {
        case .fixed, .stepped:
            return model
        case .banded:
            guard model.maximumRatio <= RecurringTuning.bandMaximumRatio, model.deviation <= RecurringTuning.bandMaximumDeviation else { return nil }
            if cadence == .weekly || cadence == .biweekly, model.maximumRatio > RecurringTuning.shortCadenceMaximumRatio { return nil }
            let nearlyFixed = model.maximumRatio <= RecurringTuning.nearlyFixedRatio
            guard count >= (nearlyFixed ? RecurringTuning.minimumNearlyFixedCount : RecurringTuning.minimumBandCount(cadence)),
                  nearlyFixed || missed <= RecurringTuning.allowedBandMissed(count: count)
            else { return nil }
            return model
        }
    }
}
