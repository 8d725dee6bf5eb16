extension RecurringSearcher {
    /// Matches `rows` (ledger positions in day order) to the slots of `schedule`, leaving the
    /// result in the `matched…` buffers and `runs`.
    ///
    /// Each row goes to its nearest slot. In each slot the row nearest the due day, if within
    /// the tolerance, is the occurrence; every other row of the slot within the foreign window
    /// is foreign (a duplicate charge, or a habit's row). Occurrences continue a run while the
    /// slot gap is at most 2 (one missed occurrence); a longer gap starts a new run, so a
    /// series that stopped and restarted gives two runs. Rows between the due days, beyond the
    /// foreign window, are ignored: they belong to something else (another policy of the same
    /// insurer months away).
    mutating func match(_ schedule: CadenceSchedule, _ rows: [Int32]) {
        let count = rows.count
        locate(schedule, rows)
        matchedRows.removeAll(keepingCapacity: true)
        matchedOffsets.removeAll(keepingCapacity: true)
        matchedSlots.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        matchedRows.reserveCapacity(count)
        matchedOffsets.reserveCapacity(count)
        matchedSlots.reserveCapacity(count)

        let tolerance = schedule.tolerance
        let window = schedule.window
        var open = false
        var runStart = 0
        var runForeign = 0
        var pending = 0
        var lastSlot = 0
        var index = 0
        let slotsFound = slotBuffer, offsetsFound = offsetBuffer
        slotsFound.withUnsafeBufferPointer { slots in
            offsetsFound.withUnsafeBufferPointer { offsets in
                while index < count {
                    let slot = slots[index]
                    var end = index
                    var best = -1
                    var bestDistance = Int.max
                    var near = 0
                    while end < count, slots[end] == slot {
                        let distance = abs(offsets[end])
                        if distance <= window { near += 1 }
                        if distance <= tolerance, distance < bestDistance {
                            best = end
                            bestDistance = distance
                        }
                        end += 1
                    }
                    if best < 0 || (open && slot <= lastSlot) {
                        pending += near
                    } else {
                        if open, slot - lastSlot <= 2 {
                            runForeign += pending + near - 1
                        } else {
                            if open { closeRun(start: runStart, foreign: runForeign) }
                            open = true
                            runStart = matchedRows.count
                            runForeign = near - 1
                        }
                        pending = 0
                        matchedRows.append(rows[best])
                        matchedOffsets.append(offsets[best])
                        matchedSlots.append(slot)
                        lastSlot = slot
                    }
                    index = end
                }
            }
        }
        if open { closeRun(start: runStart, foreign: runForeign) }
    }

    /// Fills `slotBuffer` and `offsetBuffer` for `rows` (day order): what `CadenceSchedule.locate`
    /// gives, computed for month-based rules by walking once the due days of the months the
    /// rows span (with each weekend due day's Friday and Monday), instead of three months' due
    /// days per row.
    private mutating func locate(_ schedule: CadenceSchedule, _ rows: [Int32]) {
        let count = rows.count
        guard let firstRow = rows.first, let lastRow = rows.last else {
            slotBuffer = []
            offsetBuffer = []
            return
        }
        let days = ledger.day
        if case .days(let period, let phase) = schedule.rule {
            slotBuffer = [Int](unsafeUninitializedCapacity: count) { slots, filled in
                offsetBuffer = [Int](unsafeUninitializedCapacity: count) { offsets, filledOffsets in
                    rows.withUnsafeBufferPointer { positions in
                        days.withUnsafeBufferPointer { days in
                            for index in 0..<count {
                                let day = Int(days[Int(positions[index])])
                                let slot = floorDiv(day - phase + period / 2, period)
                                slots[index] = slot
                                offsets[index] = day - phase - slot * period
                            }
                        }
                    }
                    filledOffsets = count
                }
                filled = count
            }
            return
        }
        let range = schedule.slots(coveringMonths: (Int(ledger.monthIndex[Int(firstRow)]) - 1)...(Int(ledger.monthIndex[Int(lastRow)]) + 1))
        if range.count > count * (schedule.cadence == .semimonthly ? 6 : 3) {
            // Few rows over many months: due days near each row only.
            slotBuffer = rows.map { _ in 0 }
            offsetBuffer = slotBuffer
            for (index, position) in rows.enumerated() {
                let place = schedule.locate(day: Int(days[Int(position)]), monthIndex: Int(ledger.monthIndex[Int(position)]))
                slotBuffer[index] = place.slot
                offsetBuffer[index] = place.offset
            }
            return
        }
        // Each slot's due day and the days it may also be paid (Friday, Monday; the due day
        // itself when it is a weekday).
        dueBuffer.removeAll(keepingCapacity: true)
        schedule.dueDaysWithAlternatives(slots: range, into: &dueBuffer)
        let dues = dueBuffer
        let lastSlot = range.count - 1
        let firstSlot = range.lowerBound
        slotBuffer = [Int](unsafeUninitializedCapacity: count) { slots, filled in
            offsetBuffer = [Int](unsafeUninitializedCapacity: count) { offsets, filledOffsets in
                rows.withUnsafeBufferPointer { positions in
                    days.withUnsafeBufferPointer { days in
                        dues.withUnsafeBufferPointer { dues in
                            var current = 0
                            for index in 0..<count {
                                let day = Int(days[Int(positions[index])])
                                while current < lastSlot, dues[3 * (current + 1)] <= day { current += 1 }
                                var slot = current
                                var offset = RecurringSearcher.offset(day, dues, current)
                                if current < lastSlot {
                                    let later = RecurringSearcher.offset(day, dues, current + 1)
                                    if later.magnitude < offset.magnitude {
                                        offset = later
                                        slot += 1
                                    }
                                }
                                slots[index] = firstSlot + slot
                                offsets[index] = offset
                            }
                        }
                    }
                }
                filledOffsets = count
            }
            filled = count
        }
    }

    /// `CadenceSchedule.businessOffset` from the precomputed due, Friday and Monday of slot `slot`.
    @inline(__always)
    private static func offset(_ day: Int, _ dues: UnsafeBufferPointer<Int>, _ slot: Int) -> Int {
        let due = dues[3 * slot]
        var best = day - due
        let friday = day - dues[3 * slot + 1]
        if friday.magnitude < best.magnitude { best = friday }
        let monday = day - dues[3 * slot + 2]
        if monday.magnitude < best.magnitude { best = monday }
        return best
    }

    /// Records the run that starts at `start` and ends at the last match, if it has 2 or more rows.
    private mutating func closeRun(start: Int, foreign: Int) {
        if matchedRows.count - start >= 2 {
            runs.append(SlotRun(start: start, end: matchedRows.count, foreign: foreign))
        }
    }
}
