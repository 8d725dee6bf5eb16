import TransactionSearch

/// The ISO 4217 codes a bank export may write next to an amount or in a header (`12,34 EUR`,
/// `Amount (USD)`): a known list, so that a word such as `FEE` or `NET` is never read as a
/// currency. Withdrawn codes are currencies too (an old statement in DEM, FRF or LTL is read,
/// not refused).
enum CurrencyCodes {
    /// Active ISO 4217 codes (2024) and withdrawn ones (ISO 4217 list three), packed as
    /// `Currency` packs them, sorted.
    private static let packed: [UInt32] = {
        let codes = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD \
            CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD \
            GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT \
            LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR \
            NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP \
            STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF \
            XPF YER ZAR ZMW ZWL ZWG XAU XAG XPT XPD XDR CUC HRK SLL VED \
            ADP AFA ALK AOK AON AOR ARA ARP ARY ATS AYM AZM BAD BEC BEF BEL BGJ BGK BGL BOP BRB BRC BRE BRN BRR \
            BUK BYB BYR CHC CSD CSJ CSK CYP DDM DEM ECS ECV EEK ESA ESB ESP FIM FRF GEK GHC GHP GNE GNS GQE GRD \
            GWE GWP HRD IEP ILP ILR ISJ ITL LAJ LSM LTL LTT LUC LUF LUL LVL LVR MGF MLF MRO MTL MTP MVQ MXP MZE \
            MZM NIC NLG PEH PEI PES PLZ PTE RHD ROK ROL RUR SDD SDP SIT SKK SRG STD SUR TJR TMM TPE TRL UAK UGS \
            UGW USS UYN UYP VEB VEF VNC XEU XFO XFU YDD YUD YUM YUN ZAL ZMK ZRN ZRZ ZWC ZWD ZWN ZWR
            """
        return codes.split(separator: " ").compactMap { Currency(String($0))?.packed }.sorted()
    }()

    /// Whether three upper-case letters, packed, are a known code.
    static func isKnown(_ code: UInt32) -> Bool {
        var low = 0, high = packed.count
        while low < high {
            let middle = (low + high) / 2
            if packed[middle] < code { low = middle + 1 } else { high = middle }
        }
        return low < packed.count && packed[low] == code
    }

    /// The currency of a known code in any case (`eur`), or nil.
    static func currency(_ text: String) -> Currency? {
        guard let currency = Currency(text), isKnown(currency.packed) else { return nil }
        return currency
    }
}
