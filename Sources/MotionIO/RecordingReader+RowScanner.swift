import CFastFloat
import Foundation

extension RecordingReader {
    /// The fast path's tokenizer: a data row of plain numbers, its fields located with `memchr`
    /// and read in place by `ml_parse_double` (fast_float, correctly rounded like strtod: the
    /// same bits), no strings made. It declines — returns `nil` or false — whatever the careful
    /// path must look at (non-ASCII bytes, quotes, a field that is not a plain finite decimal, a
    /// wrong field count), so that path words the error or reads the row.
    enum RowScanner {
        /// Reads the data row `base[start..<end]` of `fieldCount` fields split by `delimiter`:
        /// field `i`'s number goes to `row[slots[i]]` (a slot below zero: the field is not read).
        /// - Returns: false when the careful path must read the row (`row` may then be partly written).
        @inline(__always)
        static func scan(
            _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, fieldCount: Int, delimiter: UInt8, slots: [Int],
            into row: inout [Double]
        ) -> Bool {
            guard end > start, isPlainRow(base, start, end) else { return false }
            var position = start
            for field in 0..<fieldCount {
                let fieldEnd: Int
                if field == fieldCount - 1 {
                    fieldEnd = end
                    // More fields than the header has columns: the careful path words the error.
                    if memchr(base + position, Int32(delimiter), end - position) != nil { return false }
                } else {
                    guard let comma = memchr(base + position, Int32(delimiter), end - position) else { return false }
                    fieldEnd = base.distance(to: comma.assumingMemoryBound(to: UInt8.self))
                }
                let slot = slots[field]
                if slot >= 0 {
                    guard let value = fastNumber(base, position, fieldEnd, end) else { return false }
                    row[slot] = value
                }
                position = fieldEnd + 1
            }
            return true
        }

        /// Whether the row has only ASCII bytes and no double quote (else the careful path reads
        /// it: it checks UTF-8, and a quoted field may hold commas). Two simple scans: an OR the
        /// compiler vectorises, and memchr.
        @inline(__always)
        static func isPlainRow(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            var high: UInt8 = 0
            for i in start..<end { high |= base[i] }
            return high < 0x80 && memchr(base + start, 0x22, end - start) == nil
        }

        /// The number in `base[position..<fieldEnd]`, read in place; `nil` when the careful path
        /// must look (`end` is the line's end, where a CR may stand).
        @inline(__always)
        static func fastNumber(_ base: UnsafePointer<UInt8>, _ position: Int, _ fieldEnd: Int, _ end: Int) -> Double? {
            // Leading spaces and tabs only (the careful path trims those; it rejects CR,
            // VT, FF and LF, which strtod would skip).
            var first = position
            while first < fieldEnd && (base[first] == 0x20 || base[first] == 0x09) { first += 1 }
            guard first < fieldEnd, base[first] > 0x20 else { return nil }
            // A '+' sign, which the careful path (strtod's syntax) reads and
            // ml_parse_double does not: skipped when a digit or a point follows, as after
            // '-' ("+-1" and "+inf" are for the careful path).
            if base[first] == 0x2B {
                first += 1
                guard first < fieldEnd, base[first] == 0x2E || base[first] &- 0x30 < 10 else { return nil }
            }
            // The number: decimal only (ml_parse_double reads "0x10" as "0", and the 'x'
            // then declines the row, so the careful path words the hexadecimal error).
            var value = 0.0
            let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            let length = ml_parse_double(pointer + first, pointer + fieldEnd, &value)
            guard length > 0 else { return nil }
            var after = first + length
            // Only trailing blanks may follow the number, and a CR only as the line's last byte.
            while after < fieldEnd && (base[after] == 0x20 || base[after] == 0x09 || (base[after] == 0x0D && after == end - 1)) {
                after += 1
            }
            // ±inf, NaN and numbers beyond the largest double (read as ±inf): the careful
            // path words the error.
            guard after == fieldEnd, value.isFinite else { return nil }
            return value
        }
    }
}
