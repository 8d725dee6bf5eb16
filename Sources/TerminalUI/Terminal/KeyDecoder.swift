/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 text, control bytes, and the
/// escape sequences of arrows, Home/End, Page Up/Down, Delete and Shift-Tab (CSI `ESC [` and
/// SS3 `ESC O` forms, as xterm, the Linux console, tmux and screen send them).
///
/// Bytes may arrive split anywhere (a read can end inside a sequence or a character): what
/// cannot be decoded yet is kept for the next `decode`. An ESC with nothing after it is either
/// the Escape key or the start of a sequence whose rest is on its way; `isWaiting` then says
/// so, and the caller calls `flush()` when no byte follows within a short time (the way
/// every terminal program tells the two apart).
package struct KeyDecoder: Sendable {
    /// Bytes read and not decoded yet: an unfinished sequence or character.
    private var pending: [UInt8] = []
    /// The longest escape sequence kept waiting for its end; longer is dropped as unknown.
    static let longestSequence = 32

    /// A decoder with nothing pending.
    package init() {}

    /// Whether bytes are kept for what comes next (call `flush()` if nothing does).
    package var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` complete, after what was pending, in order.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decodePending(final: false)
    }

    /// The keys of what is pending, taken as complete: a lone ESC is the Escape key; an
    /// unfinished sequence (`.unknown`) and an unfinished character are dropped.
    package mutating func flush() -> [Key] {
        decodePending(final: true)
    }

    /// Decodes `pending` from its start; stops before an unfinished piece unless `final`.
    private mutating func decodePending(final: Bool) -> [Key] {
        var keys: [Key] = []
        var text = String.UnicodeScalarView()
        var index = 0
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(text) { keys.append(.character(character)) }
            text = String.UnicodeScalarView()
        }
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                flushText()
                switch KeyDecoder.escape(pending, at: index) {
                case .complete(let key, let length):
                    keys.append(key)
                    index += length
                case .unfinished:
                    guard final else {
                        pending.removeFirst(index)
                        return keys
                    }
                    // No more is coming: a lone ESC is the Escape key; a sequence cut short
                    // means nothing and is dropped.
                    keys.append(index + 1 == pending.count ? .escape : .unknown)
                    index = pending.count
                }
            } else if byte < 0x20 || byte == 0x7F {
                flushText()
                keys.append(KeyDecoder.control(byte))
                index += 1
            } else {
                let length = KeyDecoder.utf8Length(byte)
                if length == 0 {  // a stray continuation byte or an invalid lead: dropped
                    index += 1
                    continue
                }
                if index + length > pending.count {
                    guard final else {
                        flushText()
                        pending.removeFirst(index)
                        return keys
                    }
                    index = pending.count  // an unfinished character at the end: dropped
                    continue
                }
                var decoder = UTF8()
                var bytes = pending[index ..< index + length].makeIterator()
                if case .scalarValue(let scalar) = decoder.decode(&bytes) { text.append(scalar) }
                index += length
            }
        }
        flushText()
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    /// What an escape sequence starting at `start` (an ESC) is.
    private enum Escape {
        case complete(Key, length: Int)
        case unfinished
    }

    /// Reads the escape sequence at `start`.
    private static func escape(_ bytes: [UInt8], at start: Int) -> Escape {
        let next = start + 1
        guard next < bytes.count else { return .unfinished }
        switch bytes[next] {
        case 0x1B:  // Escape pressed twice: the first is a key of its own
            return .complete(.escape, length: 1)
        case 0x5B:  // "[": CSI parameters, intermediates, a final byte
            var index = next + 1
            while index < bytes.count {
                let byte = bytes[index]
                if (0x40...0x7E).contains(byte) {
                    let parameters = Array(bytes[(next + 1) ..< index])
                    return .complete(csi(parameters, final: byte), length: index - start + 1)
                }
                guard (0x20...0x3F).contains(byte) else {  // malformed: drop what was read
                    return .complete(.unknown, length: index - start)
                }
                index += 1
                if index - start > longestSequence { return .complete(.unknown, length: index - start) }
            }
            return .unfinished
        case 0x4F:  // "O": SS3 and one byte
            guard next + 1 < bytes.count else { return .unfinished }
            let key: Key = switch bytes[next + 1] {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            default: .unknown
            }
            return .complete(key, length: 3)
        default:  // Alt and a key: nothing here, and its byte is part of it
            let length = utf8Length(bytes[next])
            return .complete(.unknown, length: 1 + max(1, min(length, bytes.count - next)))
        }
    }

    /// The key of a CSI sequence with these parameter bytes and final byte.
    private static func csi(_ parameters: [UInt8], final: UInt8) -> Key {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x5A: return .backTab
        case 0x7E:
            // The first number says which key (`5;2~` is Shift-Page Up: still Page Up).
            let first = parameters.prefix { $0 != 0x3B }
            guard !first.isEmpty, first.allSatisfy({ (0x30...0x39).contains($0) }), first.count <= 3 else { return .unknown }
            switch Int(String(decoding: first, as: UTF8.self)) {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return .unknown
            }
        default: return .unknown
        }
    }

    /// The key of a control byte (below 0x20, or DEL).
    private static func control(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x08, 0x7F: .backspace
        case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
        default: .unknown
        }
    }

    /// How many bytes a UTF-8 character starting with `lead` has; 0 for a byte no character
    /// starts with.
    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}
