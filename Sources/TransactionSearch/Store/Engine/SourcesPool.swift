/// Who set each field of the rows (`FieldSources`), interned: a row holds a 4-byte code, and
/// rows that share sources share one entry with a count of its uses. Code 0 is every field set
/// by the input and is never counted; code 1 is kept for the most common other entry, a payee
/// the cleaner made and nothing else changed, so that neither is hashed per row.
///
/// Accessed only under the store's lock (a bulk build's first part alone), like the rest of
/// `StoreContents`.
struct SourcesPool: Sendable {
    /// Entries by code (nil for a free code; code 0 all input, code 1 the cleaned payee).
    private(set) var values: [FieldSources?] = [FieldSources(), SourcesPool.cleanedPayee]
    private var codes: [FieldSources: UInt32] = [:]
    /// Uses of each code (codes 0 and 1 are counted too, but never freed).
    private(set) var references: [Int] = [0, 0]
    private var freeCodes: [UInt32] = []
    /// The code `retain` gave last (above 1), tried before hashing: rows changed one after
    /// another (a rule's, a bulk edit's) mostly end with the same sources, and hashing them
    /// (a rule's name among them) was most of a rule's row change.
    private var lastCode: UInt32 = 0

    /// A payee the cleaner made, every other field the input's.
    static let cleanedPayee: FieldSources = {
        var sources = FieldSources()
        sources[.payee] = .cleaner
        return sources
    }()

    /// Counts one more use of `sources`; returns its code.
    mutating func retain(_ sources: FieldSources) -> UInt32 {
        let code: UInt32
        if sources.isAllInput {
            code = 0
        } else if sources == SourcesPool.cleanedPayee {
            code = 1
        } else if lastCode > 1, let last = values[Int(lastCode)], last == sources {
            code = lastCode
        } else if let known = codes[sources] {
            code = known
        } else if let free = freeCodes.popLast() {
            code = free
            values[Int(code)] = sources
            codes[sources] = code
        } else {
            code = UInt32(values.count)
            values.append(sources)
            references.append(0)
            codes[sources] = code
        }
        references[Int(code)] += 1
        if code > 1 { lastCode = code }
        return code
    }

    /// Counts one more use of a code a row already holds.
    mutating func retain(code: UInt32) {
        references[Int(code)] += 1
    }

    /// Gives back one use of a code; an entry no row uses any more is freed (not 0 or 1).
    mutating func release(_ code: UInt32) {
        references[Int(code)] -= 1
        guard code > 1, references[Int(code)] == 0, let sources = values[Int(code)] else { return }
        values[Int(code)] = nil
        codes[sources] = nil
        freeCodes.append(code)
    }

    /// The sources of a code.
    func value(_ code: UInt32) -> FieldSources {
        values[Int(code)] ?? FieldSources()
    }

    /// How many codes there are (free ones included).
    var codeLimit: Int { values.count }

    /// Bytes held (an estimate of the entries: few, a handful of sources each).
    var memoryUse: Int { values.capacity * 64 + references.capacity * 8 + codes.count * 80 + freeCodes.capacity * 4 }

    /// Traps (or, while a check collects, records) unless every code's count is its uses by
    /// the rows (`uses`, counted from them) and the map finds every entry.
    func checkInvariants(uses: [Int]) {
        for code in 0..<values.count {
            invariant(references[code] == (code < uses.count ? uses[code] : 0), "sources code \(code): \(references[code]) uses counted, \(code < uses.count ? uses[code] : 0) rows")
            if code > 1, let sources = values[code] { invariant(codes[sources] == UInt32(code), "sources map lost code \(code)") }
        }
    }

    /// A pool restored from a snapshot's entries (in code order, 0 and 1 as above) and each
    /// code's uses.
    init(restoring entries: [FieldSources], uses: [Int]) {
        self.init()
        for (index, sources) in entries.enumerated() where index > 1 {
            values.append(sources)
            references.append(0)
            codes[sources] = UInt32(index)
        }
        for (code, count) in uses.enumerated() where code < references.count { references[code] = count }
    }

    /// An empty pool.
    init() {}
}
