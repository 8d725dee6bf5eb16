import Foundation
import TransactionSearch

/// Turns the zone texts of a file into offsets or zone clocks, remembering the few distinct
/// ones a file has, so that a zone column costs a comparison per row.
struct ZoneResolver {
    /// A fixed offset, or a zone with daylight saving time.
    enum Zone {
        case offset(seconds: Int)
        case clock(ZoneClock)
    }

    private var known: [(text: [UInt8], zone: Zone?)] = []

    /// The zone a text names, or nil when it names none (`Europe/Nowhere`, `+25:00`).
    mutating func zone(_ bytes: ByteView) -> Zone? {
        for entry in known where entry.text.elementsEqual(bytes) { return entry.zone }
        let zone: Zone?
        if let offset = TimeText.fixedOffset(bytes) {
            zone = .offset(seconds: offset)
        } else {
            let name = String(decoding: bytes, as: UTF8.self)
            if let timeZone = TimeZone(identifier: name) ?? (bytes.count <= 5 ? TimeZone(abbreviation: name.uppercased()) : nil) {
                zone = .clock(ZoneClock(timeZone: timeZone))
            } else {
                zone = nil
            }
        }
        if known.count < 64 { known.append((Array(bytes), zone)) }
        return zone
    }

    /// The instant of a local wall-clock time (milliseconds as if the zone were UTC) in `zone`.
    static func instant(ofLocal local: Int64, in zone: Zone) -> Int64 {
        switch zone {
        case .offset(let seconds): local - Int64(seconds) * 1000
        case .clock(let clock): clock.instant(ofLocal: local)
        }
    }
}
