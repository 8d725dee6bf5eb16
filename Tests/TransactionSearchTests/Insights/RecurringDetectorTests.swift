import Foundation
@testable import TransactionSearch
import Testing

/// Focused cases: one behaviour each.
@Suite struct RecurringDetectorTests {
    /// The detector under test.
    let detector = RecurringDetector()
    /// "Today" for the cases that do not test activity.
    let today = PlantedDate.day(2025, 1, 10)

    /// Monthly rows on `day` of each month from `from` (year, month), `count` times.
    func monthly(_ rows: inout CandidateRows, payee: String, day: Int, from: (Int, Int), count: Int, amount: (Int) -> Int64) {
        var (year, month) = from
        for index in 0..<count {
            rows.add(PlantedDate.day(year, month, min(day, PlantedDate.daysIn(year, month))), amount(index), payee)
            month += 1
            if month > 12 { month = 1; year += 1 }
        }
    }

    /// Spotify 9.99 -> 10.99 stays one series; the change carries its first day and both amounts.
    @Test func priceChangeIsReportedWithDayAndAmounts() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Spotify", day: 5, from: (2023, 1), count: 16) { $0 < 10 ? -999 : -1_099 }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 1)
        let series = found[0]
        #expect(series.cadence == .monthly)
        #expect(series.count == 16)
        #expect(series.amount == -1_099)
        #expect(series.minimum == -1_099 && series.maximum == -999)
        #expect(series.priceChanges == [DetectedPriceChange(day: PlantedDate.day(2023, 11, 5), from: -999, to: -1_099)])
        #expect(series.reason.contains("price changed once"))
    }

    /// Two steps (9.99 -> 10.99 -> 11.99) are one series with two changes.
    @Test func twoPriceChangesContinueOneSeries() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Spotify", day: 20, from: (2022, 3), count: 18) { $0 < 6 ? -999 : $0 < 12 ? -1_099 : -1_199 }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 1)
        #expect(found.first?.priceChanges.map(\.to) == [-1_099, -1_199])
        #expect(found.first?.rows == Array(0..<18))
    }

    /// One missing month does not cut the series; it is counted and named in the reason.
    @Test func missedOccurrenceContinuesTheSeries() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Phone Co", day: 12, from: (2023, 1), count: 24) { _ in -4_500 }
        rows.candidates.remove(at: 9)
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 1)
        #expect(found.first?.count == 23)
        #expect(found.first?.missed == 1)
        #expect(found.first?.reason.contains("1 missed") == true)
    }

    /// A series on the 31st expects the 29th of February in a leap year, the 28th otherwise.
    @Test func nextDayOfMonthlySeriesOnThe31st() {
        // Leap year: the 31st projects to the 29th of February.
        var rows = CandidateRows()
        monthly(&rows, payee: "Bank Fees", day: 31, from: (2023, 8), count: 6) { _ in -1_200 }
        var found = detector.series(in: rows.candidates, today: PlantedDate.day(2024, 2, 1))
        #expect(found.count == 1)
        #expect(found.first?.next == PlantedDate.day(2024, 2, 29))
        #expect(found.first?.reason.contains("on the last day") == true)
        // Common year: the 28th.
        rows = CandidateRows()
        monthly(&rows, payee: "Bank Fees", day: 31, from: (2021, 8), count: 6) { _ in -1_200 }
        found = detector.series(in: rows.candidates, today: PlantedDate.day(2022, 2, 1))
        #expect(found.first?.next == PlantedDate.day(2022, 2, 28))
    }

    /// Semimonthly on the 1st and 15th, and on the 15th and the last day, project the next anchor.
    @Test func nextDayOfSemimonthlySeries() {
        var rows = CandidateRows()
        for month in 1...3 {
            rows.add(PlantedDate.day(2024, month, 1), 150_000, "Globex")
            rows.add(PlantedDate.day(2024, month, 15), 150_000, "Globex")
        }
        var found = detector.series(in: rows.candidates, today: PlantedDate.day(2024, 3, 20))
        #expect(found.count == 1)
        #expect(found.first?.cadence == .semimonthly)
        #expect(found.first?.next == PlantedDate.day(2024, 4, 1))
        #expect(found.first?.isActive == true)

        // The 15th and the last day: after the 15th of February comes the 29th.
        rows = CandidateRows()
        for month in 1...2 {
            rows.add(PlantedDate.day(2024, month, 15), 150_000, "Initech")
            rows.add(PlantedDate.day(2024, month, PlantedDate.daysIn(2024, month)), 150_000, "Initech")
        }
        rows.candidates.removeLast()
        rows.add(PlantedDate.day(2023, 12, 15), 150_000, "Initech")
        rows.add(PlantedDate.day(2023, 12, 31), 150_000, "Initech")
        found = detector.series(in: rows.candidates, today: PlantedDate.day(2024, 2, 20))
        #expect(found.count == 1)
        #expect(found.first?.cadence == .semimonthly)
        #expect(found.first?.next == PlantedDate.day(2024, 2, 29))
        #expect(found.first?.reason.contains("on the 15th and last day") == true)
    }

    /// A yearly series on the 29th of February expects the 28th in a common year.
    @Test func nextDayOfYearlySeriesOnFebruary29() {
        var rows = CandidateRows()
        for year in 2016...2020 {
            rows.add(PlantedDate.day(year, 2, PlantedDate.daysIn(year, 2)), -4_900, "Leap Club")
        }
        let found = detector.series(in: rows.candidates, today: PlantedDate.day(2020, 6, 1))
        #expect(found.count == 1)
        #expect(found.first?.cadence == .yearly)
        #expect(found.first?.next == PlantedDate.day(2021, 2, 28))
        #expect(found.first?.reason.contains("29 February") == true)
    }

    /// Three yearly policies four months apart at different amounts: three yearly series, never one.
    @Test func threeYearlyPoliciesOfOneInsurerAreThreeSeries() {
        var rows = CandidateRows()
        let policies: [(month: Int, day: Int, amount: Int64)] = [(3, 3, -42_000), (7, 3, -31_050), (11, 3, -18_000)]
        for year in 2021...2024 {
            for policy in policies { rows.add(PlantedDate.day(year, policy.month, policy.day), policy.amount, "Shield Insurance") }
        }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.cadence == .yearly && $0.count == 4 && $0.payeeKey == "shield insurance" })
        #expect(Set(found.map(\.amount)) == Set(policies.map(\.amount)))
    }

    /// The same with premiums rising yearly and close enough to share an amount cluster.
    @Test func yearlyPoliciesWhosePremiumsChangeStayYearly() {
        // Same day of month, four months apart, premiums rising 2.5% a year, amounts close
        // enough to make one amount cluster: never one every-4-months series.
        var rows = CandidateRows()
        for (index, year) in (2021...2024).enumerated() {
            for (month, base) in [(2, 26_000), (6, 31_000), (10, 37_000)] {
                rows.add(PlantedDate.day(year, month, 10), -Int64(base + index * base / 40), "Shield Insurance")
            }
        }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.cadence == .yearly && $0.count == 4 })
    }

    /// A weekly 5.00 class is a series; weekly groceries of varying amounts are a habit.
    @Test func weeklyFixedClassIsASeriesButWeeklyGroceriesAreNot() {
        var rows = CandidateRows()
        var generator = PlantedRandom(seed: 7)
        let first = PlantedDate.day(2024, 1, 2)
        for week in 0..<40 {
            let day = first + Int32(7 * week)
            rows.add(day, -500, "Gym Class")
            rows.add(day + 4, -Int64.random(in: 3_500...14_000, using: &generator), "Fresh Market")
        }
        let found = detector.series(in: rows.candidates, today: first + 280)
        #expect(found.count == 1)
        #expect(found.first?.payeeKey == "gym class")
        #expect(found.first?.cadence == .weekly)
        #expect(found.first?.count == 40)
        #expect(found.first?.reason == "40 weekly payments on Tuesdays, fixed amount")
    }

    /// Daily coffee from a small menu yields nothing.
    @Test func dailyCoffeeIsNotASeries() {
        var rows = CandidateRows()
        var generator = PlantedRandom(seed: 3)
        let menu: [Int64] = [-280, -320, -350, -410]
        for day in PlantedDate.day(2023, 1, 1)...PlantedDate.day(2024, 12, 31) where Double.random(in: 0..<1, using: &generator) < 0.7 {
            rows.add(day, menu[Int.random(in: 0...3, using: &generator)], "Corner Cafe")
        }
        #expect(detector.series(in: rows.candidates, today: today).isEmpty)
    }

    /// A haircut every four to seven weeks at varying prices, over twenty seeds: never monthly.
    @Test func haircutEveryFewWeeksIsNotASeries() {
        for seed in UInt64(1)...20 {
            var rows = CandidateRows()
            var generator = PlantedRandom(seed: seed)
            var day = PlantedDate.day(2021, 1, 1) + Int32.random(in: 0...20, using: &generator)
            while day <= PlantedDate.day(2024, 12, 31) {
                rows.add(day, -Int64.random(in: 2_500...4_500, using: &generator), "Barber")
                day += Int32.random(in: 28...49, using: &generator)
            }
            #expect(detector.series(in: rows.candidates, today: today).isEmpty, "seed \(seed)")
        }
    }

    /// Netflix monthly and Prime yearly under one payee, among random purchases there: two series.
    @Test func netflixAndPrimeUnderOneAmazonPayee() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Amazon", day: 9, from: (2022, 1), count: 36) { _ in -1_549 }
        for year in 2022...2024 { rows.add(PlantedDate.day(year, 5, 20), -8_900, "Amazon") }
        var generator = PlantedRandom(seed: 11)
        for _ in 0..<40 {
            rows.add(PlantedDate.day(2022, 1, 1) + Int32.random(in: 0...1_090, using: &generator),
                     -Int64.random(in: 500...30_000, using: &generator), "Amazon")
        }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.map(\.cadence) == [.monthly, .yearly])
        #expect(found.map(\.amount) == [-1_549, -8_900])
        #expect(found.map(\.count) == [36, 3])
    }

    /// A monthly salary is a series of deposits.
    @Test func salaryIsIncome() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Initech", day: 25, from: (2024, 1), count: 12) { _ in 420_000 }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 1)
        #expect(found.first?.amount == 420_000)
        #expect(found.first?.reason.hasPrefix("12 monthly deposits on the 25th") == true)
        #expect(found.first?.isActive == true)
    }

    /// A series that stopped is still reported, inactive; one missed month later it is still active.
    @Test func endedSeriesIsReportedInactive() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Iron Gym", day: 3, from: (2022, 1), count: 14) { _ in -3_500 }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 1)
        #expect(found.first?.isActive == false)
        // Still active one missed occurrence later, not two.
        let last = PlantedDate.day(2023, 2, 3)
        #expect(detector.series(in: rows.candidates, today: last + 40).first?.isActive == true)
        #expect(detector.series(in: rows.candidates, today: last + 70).first?.isActive == false)
    }

    /// Rent moved to the Monday after a weekend: no missed month, and the next due day is moved too.
    @Test func businessDayShiftingIsLearnedAndProjected() {
        // Rent due on the 1st, paid the Monday after when the 1st is a weekend day.
        var rows = CandidateRows()
        for month in 1...8 {
            var day = PlantedDate.day(2024, month, 1)
            while PlantedDate.weekday(day) >= 5 { day += 1 }
            rows.add(day, -150_000, "Landlord")
        }
        let found = detector.series(in: rows.candidates, today: PlantedDate.day(2024, 8, 10))
        #expect(found.count == 1)
        #expect(found.first?.missed == 0)
        #expect(found.first?.reason.contains("Monday after a weekend") == true)
        // The 1st of September 2024 is a Sunday.
        #expect(found.first?.next == PlantedDate.day(2024, 9, 2))
    }

    /// The reason reads like the brief's example, and the confidence is high.
    @Test func brieflyDriftingMonthlySeriesReason() {
        var rows = CandidateRows()
        let drift: [Int32] = [0, 1, -1, 0, 0, 1, 0, -1, 0, 0, 1, 0]
        for (index, month) in (1...12).enumerated() { rows.add(PlantedDate.day(2024, month, 3) + drift[index], -2_000, "Gym") }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.first?.reason == "12 monthly payments on the 3rd ±1 day, fixed amount")
        #expect((0...1).contains(found.first?.confidence ?? -1))
        #expect((found.first?.confidence ?? 0) > 0.9)
    }

    /// A quarterly fee is `every-3-months`.
    @Test func quarterlyFeeIsEveryThreeMonths() {
        var rows = CandidateRows()
        for index in 0..<8 {
            let month = 2 + 3 * index
            rows.add(PlantedDate.day(2023 + (month - 1) / 12, (month - 1) % 12 + 1, 17), -2_500, "Broker")
        }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.map(\.cadence) == [.everyMonths(3)])
        #expect(found.first?.cadence.description == "every-3-months")
    }

    /// Two equal yearly charges are a yearly series at low confidence; two different ones are nothing.
    @Test func twoYearlyOccurrencesAreLowConfidence() {
        var rows = CandidateRows()
        rows.add(PlantedDate.day(2023, 4, 2), -1_200, "Name Registrar")
        rows.add(PlantedDate.day(2024, 4, 3), -1_200, "Name Registrar")
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 1)
        #expect(found.first?.cadence == .yearly)
        #expect((found.first?.confidence ?? 1) <= 0.35)
        // Two different amounts are nothing.
        rows.candidates[1].amountMinorUnits = -1_500
        #expect(detector.series(in: rows.candidates, today: today).isEmpty)
    }

    /// Empty input, one row, and rows all on one day find nothing.
    @Test func emptyOneRowAndSameDayInputsFindNothing() {
        #expect(detector.series(in: [], today: today).isEmpty)
        var rows = CandidateRows()
        rows.add(PlantedDate.day(2024, 1, 1), -999, "Spotify")
        #expect(detector.series(in: rows.candidates, today: today).isEmpty)
        for _ in 0..<6 { rows.add(PlantedDate.day(2024, 1, 1), -999, "Spotify") }
        for amount in [-100, -200, -300] as [Int64] { rows.add(PlantedDate.day(2024, 1, 1), amount, "Spotify") }
        #expect(detector.series(in: rows.candidates, today: today).isEmpty)
    }

    /// Zero amounts are ignored, and one payee in two currencies gives two series.
    @Test func zeroAmountsAndCurrenciesAreKeptApart() {
        var rows = CandidateRows()
        monthly(&rows, payee: "Stream", day: 8, from: (2024, 1), count: 6) { _ in -1_299 }
        monthly(&rows, payee: "Stream", day: 8, from: (2024, 1), count: 6) { _ in 0 }
        for index in 0..<6 {
            rows.candidates.append(RecurringCandidate(
                row: 100 + index, day: PlantedDate.day(2024, 1 + index, 20), amountMinorUnits: -1_299, currency: "EUR",
                payeeKey: "stream", payee: "Stream"))
        }
        let found = detector.series(in: rows.candidates, today: today)
        #expect(found.count == 2)
        #expect(Set(found.map(\.currency)) == ["USD", "EUR"])
        #expect(found.allSatisfy { $0.count == 6 && $0.cadence == .monthly })
    }

    /// The result is the same whatever the order of the candidates, and sorted by payee.
    @Test func resultDoesNotDependOnInputOrder() {
        let ledger = PlantedLedgerGenerator.make(seed: 5)
        let reference = detector.series(in: ledger.candidates, today: ledger.today)
        var shuffled = ledger.candidates
        var generator = PlantedRandom(seed: 99)
        shuffled.shuffle(using: &generator)
        #expect(detector.series(in: shuffled, today: ledger.today) == reference)
        let sorted = ledger.candidates.sorted { ($0.day, $0.row) < ($1.day, $1.row) }
        #expect(detector.series(in: sorted, today: ledger.today) == reference)
        // Ordered by payee, then cadence, then amount.
        let keys = reference.map { "\($0.payee)\u{0}" }
        #expect(keys == keys.sorted())
    }

    /// Extreme days and amounts, empty keys and huge day ranges neither crash nor confuse.
    @Test func extremeValuesDoNotCrash() {
        var candidates: [RecurringCandidate] = []
        let days: [Int32] = [.min, .min + 1, -1_000_000, -1, 0, 1, 2_932_896, .max - 1, .max]
        let amounts: [Int64] = [.min, .min + 1, -1, 1, .max]
        for (index, day) in days.enumerated() {
            for (other, amount) in amounts.enumerated() {
                candidates.append(RecurringCandidate(
                    row: index * 10 + other, day: day, amountMinorUnits: amount, currency: "",
                    payeeKey: other.isMultiple(of: 2) ? "" : "x", payee: ""))
            }
        }
        // A monthly series of huge amounts far before the epoch.
        for month in 0..<12 {
            candidates.append(RecurringCandidate(
                row: 1_000 + month, day: -3_000_000 + Int32(month) * 30, amountMinorUnits: .min + 1, currency: "XXX",
                payeeKey: "old", payee: "Old"))
        }
        let found = detector.series(in: candidates, today: 0)
        #expect(found.allSatisfy { (0...1).contains($0.confidence) && $0.count == $0.rows.count })
        #expect(found.contains { $0.payeeKey == "old" && $0.count == 12 })
    }

    /// The cadence names of the API.
    @Test func cadenceDescriptions() {
        let cadences: [RecurringCadence] = [.weekly, .biweekly, .semimonthly, .monthly, .everyMonths(3), .yearly]
        #expect(cadences.map(\.description) == ["weekly", "biweekly", "semimonthly", "monthly", "every-3-months", "yearly"])
    }
}
