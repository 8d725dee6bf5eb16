import Foundation
@testable import TransactionSearch

/// A series planted in a generated ledger: what the detector should find.
struct PlantedSeries {
    /// A name for failure messages.
    let label: String
    /// The payee key its rows carry.
    let payeeKey: String
    /// Its true cadence.
    let cadence: RecurringCadence
    /// Its rows (candidate `row` values).
    var rows: [Int]
    /// Whether it still runs at `today`.
    let active: Bool
}

/// A generated ledger: candidates, the series planted in them, and the day to judge activity.
struct PlantedLedger {
    /// Every row: planted series, habits and noise, in one shuffled list.
    var candidates: [RecurringCandidate] = []
    /// The planted series.
    var series: [PlantedSeries] = []
    /// The day after the data.
    var today: Int32 = 0
    /// The seed that generated it.
    var seed: UInt64 = 0
}

/// Generates four years (2021-2024) of one person's transactions from a seed: series of every
/// cadence (drifting days, weekend shifts, month ends, a missed occurrence, price changes,
/// varying utilities, several series per payee, income), habits that are not series (daily
/// coffee, weekly groceries, irregular shopping, a payee with two charges) and noise.
struct PlantedLedgerGenerator {
    /// How a weekend due day is paid.
    enum Shift { case none, toFriday, toMonday }

    /// The seeded random source.
    private var rng: PlantedRandom
    /// The ledger being built.
    private var ledger = PlantedLedger()
    /// The first and last day of the data.
    private let start = PlantedDate.day(2021, 1, 1)
    private let end = PlantedDate.day(2024, 12, 31)

    /// The ledger of `seed`.
    static func make(seed: UInt64) -> PlantedLedger {
        var generator = PlantedLedgerGenerator(rng: PlantedRandom(seed: seed))
        generator.ledger.seed = seed
        generator.ledger.today = generator.end + 3
        generator.plantSeries()
        generator.plantHabits()
        generator.ledger.candidates.shuffle(using: &generator.rng)
        return generator.ledger
    }

    /// A generator drawing from `rng`.
    private init(rng: PlantedRandom) { self.rng = rng }

    // MARK: - Series

    /// Every planted series.
    private mutating func plantSeries() {
        // Weekly: a fixed-price class (with a missed week), a newspaper that may have ended, an income.
        var gym = everyDays(7, weekday: int(0...6), from: start + int32(0...60), jitter: 1, chance: 0.2)
        dropOne(&gym)
        plant("gym class", "Gym Class", .weekly, gym, fixed(gym.count, -Int64(int(4...15) * 100)))
        var paper = everyDays(7, weekday: int(0...6), from: start + int32(0...200), jitter: 1, chance: 0.1)
        let paperEnds = chance(0.5)
        if paperEnds {
            let cut = end - int32(120...400)
            paper = paper.filter { $0 < cut }
        }
        plant("newspaper", "Daily Paper", .weekly, paper, fixed(paper.count, -320), active: !paperEnds)
        let pocket = everyDays(7, weekday: int(0...6), from: start + int32(0...300), jitter: 0, chance: 0)
        plant("pocket money", "Grandma Transfer", .weekly, pocket, fixed(pocket.count, 2_500))

        var lessons = everyDays(7, weekday: int(0...6), from: start + int32(0...300), jitter: 1, chance: 0.2)
        dropOne(&lessons)
        plant("swim lessons", "Swim School", .weekly, lessons, stepped(lessons.count, [-1_200, -1_350]))

        // Biweekly: a payroll on Fridays with a raise, a cleaner with drift.
        let payroll = everyDays(14, weekday: 4, from: start + int32(0...13), jitter: 0, chance: 0)
        plant("acme payroll", "ACME Payroll", .biweekly, payroll,
              chance(0.5) ? stepped(payroll.count, [185_000, 192_400]) : fixed(payroll.count, 185_000))
        var cleaner = everyDays(14, weekday: int(0...6), from: start + int32(0...100), jitter: 1, chance: 0.3)
        dropOne(&cleaner)
        plant("cleaner", "Sparkle Cleaning", .biweekly, cleaner, fixed(cleaner.count, -Int64(int(50...90) * 100)))

        // Semimonthly: a salary moved to the Friday before a weekend, a loan with drift.
        let salaryAnchors = chance(0.5) ? (1, 15) : (15, 31)
        let salary = twiceMonthly(salaryAnchors, shift: .toFriday, jitter: 0)
        plant("globex salary", "Globex Corp", .semimonthly, salary,
              chance(0.5) ? stepped(salary.count, [210_000, 218_500]) : fixed(salary.count, 210_000))
        let loan = twiceMonthly((5, 20), shift: .none, jitter: 1)
        plant("loan", "Loan Servicer", .semimonthly, loan, fixed(loan.count, -25_000))

        plantMonthly()

        // Every 2, 3, 4, 6 months.
        let water = everyMonths(2, anchor: int(1...28), firstMonth: int(1...2), jitter: 3)
        plant("water", "Water Works", .everyMonths(2), water, band(water.count, -6_000, spread: 0.2))
        let pests = everyMonths(2, anchor: int(1...28), firstMonth: int(1...2), jitter: 1)
        plant("pest control", "Bug Busters", .everyMonths(2), pests, fixed(pests.count, -8_000))
        let quarterly = everyMonths(3, anchor: int(1...28), firstMonth: int(1...3), jitter: 2)
        plant("quarterly fee", "Broker Fees", .everyMonths(3), quarterly, fixed(quarterly.count, -2_500))
        let hoa = everyMonths(3, anchor: 1, firstMonth: int(1...3), shift: .toMonday, jitter: 0)
        plant("hoa", "Homeowners Assoc", .everyMonths(3), hoa, stepped(hoa.count, [-30_000, -32_500]))
        let septic = everyMonths(4, anchor: int(1...28), firstMonth: int(1...4), jitter: 3)
        plant("septic", "Septic Service", .everyMonths(4), septic, fixed(septic.count, -12_000))
        let checkups = everyMonths(4, anchor: int(1...28), firstMonth: int(1...4), shift: .toFriday, jitter: 0)
        plant("checkups", "Dental Care", .everyMonths(4), checkups, fixed(checkups.count, -9_500))
        let chimney = everyMonths(6, anchor: int(1...28), firstMonth: int(1...6), jitter: 2)
        plant("chimney", "Chimney Sweep", .everyMonths(6), chimney, band(chimney.count, -15_000, spread: 0.15))
        let carInsurance = everyMonths(6, anchor: int(1...28), firstMonth: int(1...6), jitter: 4)
        plant("car insurance", "Auto Insurer", .everyMonths(6), carInsurance, stepped(carInsurance.count, [-45_000, -47_300]))

        // Yearly: three policies of one insurer (different months, days and amounts), Prime
        // under Amazon next to Netflix, a domain renewal.
        var months = Array(1...12)
        months.shuffle(using: &rng)
        for (index, base) in [42_000, 31_000, 18_000].enumerated() {
            let policy = yearly(month: months[index], day: int(1...28), jitter: 7)
            let amount = -Int64(base + int(0...40) * 50)
            plant("insurer policy \(index + 1)", "Shield Insurance", .yearly, policy,
                  index == 0 ? stepped(policy.count, [amount, amount - amount / 25]) : fixed(policy.count, amount))
        }
        let prime = yearly(month: int(1...12), day: int(1...28), jitter: 0)
        plant("amazon prime", "Amazon", .yearly, prime, fixed(prime.count, -8_900))
        let domain = yearly(month: int(1...12), day: int(1...28), jitter: 3)
        plant("domain", "Name Registrar", .yearly, domain, fixed(domain.count, -1_200))
    }

    /// The monthly series.
    private mutating func plantMonthly() {
        let rent = everyMonths(1, anchor: 1, firstMonth: 1, shift: .toMonday, jitter: 0)
        plant("rent", "Landlord LLC", .monthly, rent, stepped(rent.count, [-150_000, -155_000]))
        let netflix = everyMonths(1, anchor: int(1...28), firstMonth: 1, jitter: 1, chance: 0.3)
        plant("netflix", "Amazon", .monthly, netflix,
              chance(0.5) ? stepped(netflix.count, [-1_549, -1_799]) : fixed(netflix.count, -1_549))
        let spotify = everyMonths(1, anchor: int(1...28), firstMonth: int(1...6), jitter: int(0...2))
        plant("spotify", "Spotify", .monthly, spotify,
              chance(0.5) ? stepped(spotify.count, [-999, -1_099, -1_199]) : stepped(spotify.count, [-999, -1_099]))
        var phone = everyMonths(1, anchor: int(1...28), firstMonth: 1, jitter: 1)
        dropOne(&phone)
        plant("phone", "Phone Co", .monthly, phone, fixed(phone.count, -4_500))
        let power = everyMonths(1, anchor: int(1...28), firstMonth: 1, jitter: 3)
        plant("electricity", "City Utilities", .monthly, power, band(power.count, -9_000, spread: 0.25))
        let gas = everyMonths(1, anchor: int(1...28), firstMonth: 1, jitter: 3)
        plant("gas", "City Utilities", .monthly, gas, band(gas.count, -4_000, spread: 0.25))
        let monthEnd = everyMonths(1, anchor: 31, firstMonth: 1, shift: chance(0.5) ? .toFriday : .none, jitter: 0)
        plant("month-end fee", "Bank Fees", .monthly, monthEnd, fixed(monthEnd.count, -1_200))
        let storage = everyMonths(1, anchor: int(29...30), firstMonth: int(1...3), jitter: 0)
        plant("storage", "Storage Unit", .monthly, storage, fixed(storage.count, -8_900))
        let wage = everyMonths(1, anchor: 25, firstMonth: 1, shift: .toFriday, jitter: 0)
        plant("initech salary", "Initech", .monthly, wage, stepped(wage.count, [420_000, 436_000]))
        let gymCut = end - int32(300...600)
        let oldGym = everyMonths(1, anchor: int(1...28), firstMonth: int(1...3), jitter: 2).filter { $0 < gymCut }
        plant("old gym", "Iron Gym", .monthly, oldGym, fixed(oldGym.count, -3_500), active: false)
        let carLoan = everyMonths(1, anchor: int(1...28), firstMonth: 1, jitter: 4, chance: 0.5)
        plant("car loan", "Auto Finance", .monthly, carLoan, fixed(carLoan.count, -32_000))
        // A short subscription: six to nine months in the middle of the data, then cancelled.
        let trialStart = int(3...30)
        let trial = everyMonths(1, anchor: int(1...28), firstMonth: trialStart, jitter: 1)
            .filter { $0 < PlantedDate.day(2021 + (trialStart + 8) / 12, (trialStart + 8) % 12 + 1, 1) }
        plant("trial", "Stream Trial", .monthly, trial, fixed(trial.count, -799), active: false)
        let euros = everyMonths(1, anchor: int(1...28), firstMonth: int(1...12), jitter: 1)
        plant("euro streaming", "Stream EU", .monthly, euros, fixed(euros.count, -1_299), currency: "EUR")
    }

    // MARK: - Habits and noise

    /// CandidateRows that are not series.
    private mutating func plantHabits() {
        // Daily coffee from a menu, sometimes twice a day.
        let menu: [Int64] = [280, 320, 350, 410, 460]
        for day in start...end where chance(0.7) {
            for _ in 0..<(chance(0.1) ? 2 : 1) {
                add(day, -(chance(0.8) ? menu[int(0...4)] : Int64(int(250...900))), "Corner Cafe")
            }
        }
        // Weekly groceries of varying amounts, plus mid-week trips; a second grocer.
        var saturday = start
        while PlantedDate.weekday(saturday) != 5 { saturday += 1 }
        while saturday <= end {
            if chance(0.9) { add(saturday + (chance(0.3) ? int32(-1...1) : 0), -Int64(int(3_500...14_000)), "Fresh Market") }
            if chance(0.3) { add(saturday - int32(2...4), -Int64(int(800...5_000)), "Fresh Market") }
            saturday += 7
        }
        var day = start
        while day <= end {
            add(day, -Int64(int(1_500...4_000)), "Green Grocer")
            day += int32(5...12)
        }
        // A haircut every four to seven weeks at varying prices; a fixed-price bakery item
        // bought at random two or three times a week.
        day = start + int32(0...20)
        while day <= end {
            add(day, -Int64(int(2_500...4_500)), "Barber")
            day += int32(28...49)
        }
        for day in start...end where chance(0.35) { add(day, -450, "Bakery") }
        // Fuel every other week or so, at varying amounts.
        day = start + int32(0...13)
        while day <= end {
            add(day, -Int64(int(3_000...7_000)), "Gas Station")
            day += int32(12...16)
        }
        // Irregular shopping at many payees, and at Amazon next to its two series.
        for shop in 0..<40 { shopping("Shop \(shop)", count: int(3...40)) }
        shopping("Amazon", count: 30)
        // A payee with two random charges.
        shopping("Concert Hall", count: 2)
        // One-off rows at series payees, with amounts unlike the series'.
        add(start + int32(0...1_400), -Int64(int(20_000...60_000)), "Landlord LLC")
        add(start + int32(0...1_400), -Int64(int(20_000...60_000)), "Landlord LLC")
        add(start + int32(0...1_400), -Int64(int(10_000...20_000)), "Phone Co")
        // Noise: single rows at their own payees, some refunds.
        for index in 0..<150 {
            add(start + int32(0...1_460), (chance(0.1) ? 1 : -1) * Int64(int(100...50_000)), "Noise \(index)")
        }
    }

    /// `count` rows at random days with amounts spread evenly on a log scale from 5.00 to 300.00.
    private mutating func shopping(_ payee: String, count: Int) {
        for _ in 0..<count {
            let amount = 500 * pow(60, Double.random(in: 0..<1, using: &rng))
            add(start + int32(0...1_460), -Int64(amount), payee)
        }
    }

    // MARK: - Days

    /// Days every `step` days on `weekday` (0 = Monday) from `from` to the end; each moved by
    /// up to ±`jitter` days with probability `chance`.
    private mutating func everyDays(_ step: Int32, weekday: Int, from: Int32, jitter: Int, chance probability: Double) -> [Int32] {
        var day = from
        while PlantedDate.weekday(day) != weekday { day += 1 }
        var days: [Int32] = []
        while day <= end {
            days.append(day + (jitter > 0 && chance(probability) ? int32(-jitter...jitter) : 0))
            day += step
        }
        return days
    }

    /// Days on `anchor` (clamped to the month's length) every `step` months from month
    /// `firstMonth` of 2021, moved off weekends by `shift`, then by up to ±`jitter` days
    /// (with probability `chance`).
    private mutating func everyMonths(_ step: Int, anchor: Int, firstMonth: Int, shift: Shift = .none, jitter: Int, chance probability: Double = 1) -> [Int32] {
        var days: [Int32] = []
        var year = 2021, month = firstMonth
        while true {
            let nominal = PlantedDate.day(year, month, min(anchor, PlantedDate.daysIn(year, month)))
            if nominal > end { break }
            var day = shifted(nominal, shift)
            if jitter > 0, chance(probability) { day += int32(-jitter...jitter) }
            if day >= start, day <= end { days.append(day) }
            month += step
            while month > 12 { month -= 12; year += 1 }
        }
        return days
    }

    /// Days on two anchors each month of the four years.
    private mutating func twiceMonthly(_ anchors: (Int, Int), shift: Shift, jitter: Int) -> [Int32] {
        var days: [Int32] = []
        for year in 2021...2024 {
            for month in 1...12 {
                for anchor in [anchors.0, anchors.1] {
                    var day = shifted(PlantedDate.day(year, month, min(anchor, PlantedDate.daysIn(year, month))), shift)
                    if jitter > 0 { day += int32(-jitter...jitter) }
                    if day >= start, day <= end { days.append(day) }
                }
            }
        }
        return days.sorted()
    }

    /// A day each year of 2021-2024 on `month` and `day`, moved by up to ±`jitter` days.
    private mutating func yearly(month: Int, day: Int, jitter: Int) -> [Int32] {
        (2021...2024).map { year in
            PlantedDate.day(year, month, day) + (jitter > 0 ? int32(-jitter...jitter) : 0)
        }.filter { $0 >= start && $0 <= end }
    }

    /// `day` moved off a weekend by `shift`.
    private func shifted(_ day: Int32, _ shift: Shift) -> Int32 {
        let weekday = PlantedDate.weekday(day)
        guard weekday >= 5 else { return day }
        switch shift {
        case .none: return day
        case .toFriday: return day - Int32(weekday - 4)
        case .toMonday: return day + Int32(7 - weekday)
        }
    }

    /// Removes one occurrence, away from both ends.
    private mutating func dropOne(_ days: inout [Int32]) {
        guard days.count > 6 else { return }
        days.remove(at: int(2...(days.count - 3)))
    }

    // MARK: - Amounts

    /// `count` times `amount`.
    private func fixed(_ count: Int, _ amount: Int64) -> [Int64] {
        Array(repeating: amount, count: count)
    }

    /// `count` amounts stepping through `levels` at random points, each level held at least twice.
    private mutating func stepped(_ count: Int, _ levels: [Int64]) -> [Int64] {
        let pieces = levels.count
        guard count >= 2 * pieces else { return fixed(count, levels[levels.count - 1]) }
        var cuts: [Int] = []
        var low = 2
        for piece in 1..<pieces {
            let high = count - 2 * (pieces - piece)
            let cut = int(low...max(low, min(high, low + count / pieces + 2)))
            cuts.append(cut)
            low = cut + 2
        }
        return (0..<count).map { index in levels[cuts.filter { index >= $0 }.count] }
    }

    /// `count` amounts spread evenly within ±`spread` around `median`.
    private mutating func band(_ count: Int, _ median: Int64, spread: Double) -> [Int64] {
        (0..<count).map { _ in Int64(Double(median) * Double.random(in: (1 - spread)...(1 + spread), using: &rng)) }
    }

    // MARK: - CandidateRows

    /// Records a planted series and its rows.
    private mutating func plant(_ label: String, _ payee: String, _ cadence: RecurringCadence, _ days: [Int32], _ amounts: [Int64], currency: String = "USD", active: Bool = true) {
        var rows: [Int] = []
        for (day, amount) in zip(days, amounts) { rows.append(add(day, amount, payee, currency: currency)) }
        ledger.series.append(PlantedSeries(label: label, payeeKey: payee.lowercased(), cadence: cadence, rows: rows, active: active))
    }

    /// Adds one row and returns its row number.
    @discardableResult
    private mutating func add(_ day: Int32, _ amount: Int64, _ payee: String, currency: String = "USD") -> Int {
        let row = ledger.candidates.count
        ledger.candidates.append(RecurringCandidate(
            row: row, day: day, amountMinorUnits: amount, currency: currency, payeeKey: payee.lowercased(), payee: payee))
        return row
    }

    /// A random integer in `range`.
    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    /// A random day offset in `range`.
    private mutating func int32(_ range: ClosedRange<Int>) -> Int32 { Int32(Int.random(in: range, using: &rng)) }
    /// True with `probability`.
    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
}
