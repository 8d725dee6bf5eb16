import Foundation
import TerminalUI
import TransactionSearch
import TransactionSearchSupport

/// The interactive search's figure (docs/SPEC.md section 5: keystroke to redrawn screen at a
/// million rows, < 16 ms, aim < 5 ms), measured on the path `fsearch -i` runs, without the
/// terminal: the key's bytes go into a `BrowseSession` (decoded, the search box handed to the
/// `TransactionSearchModel`), the model searches on its queue and hands the result back to
/// the main actor, the observation schedules the redraw, `BrowseScreen` draws 100x30 with
/// colour, and `ScreenFrame` turns it into the bytes written. The clock stops when those bytes
/// are handed to the host, for the first frame that shows the answer to the key.
///
/// Words are typed a key at a time and deleted with Backspace (which finds the prefixes in the
/// result cache, as a person's Backspace does); after each word, Tab changes the grouping and
/// Shift-Tab changes it back. Each round groups by another field (day, month, category), so
/// no round repeats another's searches. Every answer is checked: the model's result against
/// the store searched afresh, the count on the screen against it, and each whole word's
/// result against the plain scan.
@MainActor
struct InteractiveRun {
    /// What a typed word stands for: the standard mix's merchant words, folded Unicode, a
    /// word found nowhere.
    static let words = ["starbucks", "lidl", "café de", "ПЯТЁРОЧКА", "shell", "market", "strasse", "zzqx"]
    /// The terminal measured.
    static let size = TerminalSize(columns: 100, rows: 30)

    let store: TransactionStore
    let scan: PlainScan
    let rounds: Int

    /// Keys' times in microseconds, by kind, and the answers that were wrong.
    func measure() async -> BenchReport.Interactive {
        var figures = BenchReport.Interactive()
        let host = CountingHost()
        let model = TransactionSearchModel(store: store, query: Query(grouping: .day))
        let session = BrowseSession(model: model, settings: BrowseSettings(styler: Styler(enabled: true), dates: .iso), size: Self.size,
                                    editor: nil, host: host)
        session.start()
        _ = await settledFrame(session)
        for (round, grouping) in [Grouping.day, .month, .category].prefix(rounds).enumerated() {
            if round > 0 {
                model.grouping = grouping
                _ = await settledFrame(session)
            }
            for word in Self.words {
                for character in word {
                    let time = await key(Array(String(character).utf8), session, host: host, figures: &figures)
                    figures.typing.append(time)
                }
                if model.result != scan.search(model.query) {
                    figures.mismatches.append("interactive '\(word)': the screen's result differs from the plain scan's")
                }
                figures.grouping.append(await key([0x09], session, host: host, figures: &figures))
                figures.grouping.append(await key(Array("\u{1B}[Z".utf8), session, host: host, figures: &figures))
                for _ in word {
                    figures.deleting.append(await key([0x7F], session, host: host, figures: &figures))
                }
            }
        }
        return figures
    }

    /// Sends one key and times it to the first frame that shows its answer; checks the answer.
    private func key(_ bytes: [UInt8], _ session: BrowseSession, host: CountingHost, figures: inout BenchReport.Interactive) async -> Double {
        host.bytes = 0
        let start = ContinuousClock.now
        session.receive(bytes)
        let (lines, end) = await settledFrame(session)
        let elapsed = end - start
        figures.bytesWritten.append(host.bytes)
        let model = session.model
        let fresh = store.diagnostics.searchWithoutCache(model.query)
        if model.result != fresh {
            figures.mismatches.append("interactive '\(model.searchText)': the model's result differs from the store's")
        } else if !lines[2].hasPrefix(SummaryText.count(fresh.total.count)) {
            figures.mismatches.append("interactive '\(model.searchText)': the screen says '\(lines[2].prefix(40))', not \(fresh.total.count)")
        }
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    }

    /// The lines of the first frame drawn once the model has answered its current query (the
    /// frame drawn already, when it has), and when it was handed to the host.
    private func settledFrame(_ session: BrowseSession) async -> ([String], ContinuousClock.Instant) {
        let model = session.model
        func isSettled() -> Bool { !model.isSearching && model.answeredQuery == model.query }
        if isSettled(), let image = session.image { return (image.lines, ContinuousClock.now) }
        return await withCheckedContinuation { continuation in
            session.redrawn = { image in
                guard isSettled() else { return }
                let now = ContinuousClock.now
                session.redrawn = nil
                continuation.resume(returning: (image.lines, now))
            }
        }
    }
}

/// The bench's terminal: counts the bytes a frame writes, keeps nothing.
@MainActor
final class CountingHost: BrowseHost {
    var bytes = 0
    func write(_ text: String) { bytes += text.utf8.count }
    func end(_ reason: BrowseExit) {}
    func suspend() {}
}
