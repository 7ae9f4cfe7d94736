import CFastFloat
import Foundation
import MotionNumerics
@testable import MotionIO
import Testing

/// The reader's fast path reads numbers with `ml_parse_double` (fast_float) where it used strtod:
/// the numbers must be strtod's to the bit, and the reader must accept and reject what it did.
@Suite("Decimal parsing: ml_parse_double against strtod")
struct DecimalParsingTests {
    /// Strings in one buffer, each followed by a NUL (for strtod).
    struct Corpus {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var count: Int { starts.count }

        mutating func append<S: Sequence<UInt8>>(_ text: S) {
            starts.append(bytes.count)
            bytes.append(contentsOf: text)
            bytes.append(0)
        }

        mutating func append(_ format: String, capacity: Int = 128, _ arguments: CVarArg...) {
            append(Self.printed(format, capacity: capacity, arguments))
        }

        static func printed(_ format: String, capacity: Int = 128, _ arguments: [CVarArg]) -> [UInt8] {
            var buffer = [CChar](repeating: 0, count: capacity)
            let n = Int(buffer.withUnsafeMutableBufferPointer { b in
                withVaList(arguments) { vsnprintf(b.baseAddress!, capacity, format, $0) }
            })
            precondition(n < capacity, "\(format) needs more than \(capacity) bytes")
            return buffer[..<n].map { UInt8(bitPattern: $0) }
        }

        /// The string at index `i`, for messages.
        func string(_ i: Int) -> String {
            let end = i + 1 < starts.count ? starts[i + 1] - 1 : bytes.count - 1
            return String(decoding: bytes[starts[i]..<end], as: UTF8.self)
        }
    }

    /// strtod's reading of the NUL-terminated string at `p`, under ml_parse_double's syntax: no
    /// leading white space or '+', and of hexadecimal only the leading "0" or "-0".
    static func strtodReading(_ p: UnsafePointer<CChar>) -> (length: Int, value: Double) {
        let c = UInt8(bitPattern: p[0])
        if c == UInt8(ascii: "+") || c == 0x20 || (0x09...0x0D).contains(c) { return (0, 0) }
        var end: UnsafeMutablePointer<CChar>? = nil
        let value = strtod(p, &end)
        let length = p.distance(to: UnsafePointer(end!))
        let zero = c == UInt8(ascii: "-") ? 1 : 0
        if length > zero + 1, UInt8(bitPattern: p[zero + 1]) | 0x20 == UInt8(ascii: "x") { return (zero + 1, zero == 1 ? -0.0 : 0.0) }
        return (length, value)
    }

    /// Compares ml_parse_double with strtod on every string of `corpus`: the same length read
    /// and the same bits (NaN with NaN: strtod keeps a "nan(…)" payload, fast_float does not).
    /// With `whole`, every string must be a number read to its end.
    static func compare(_ corpus: Corpus, whole: Bool) -> (count: Int, mismatches: [String]) {
        var count = 0
        var mismatches: [String] = []
        corpus.bytes.withUnsafeBufferPointer { raw in
            let base = UnsafeRawPointer(raw.baseAddress!).assumingMemoryBound(to: CChar.self)
            for i in 0..<corpus.count {
                let start = corpus.starts[i]
                let end = i + 1 < corpus.count ? corpus.starts[i + 1] - 1 : corpus.bytes.count - 1
                var value = 0.0
                let length = ml_parse_double(base + start, base + end, &value)
                let expected = strtodReading(base + start)
                let same = length == expected.length
                    && (length == 0 || value.bitPattern == expected.value.bitPattern || (value.isNaN && expected.value.isNaN))
                if !same || (whole && length != end - start) {
                    count += 1
                    if mismatches.count < 20 {
                        mismatches.append("'\(corpus.string(i))': ml_parse_double read \(length) bytes as \(value) "
                                          + "(\(String(value.bitPattern, radix: 16))), strtod \(expected.length) as \(expected.value) "
                                          + "(\(String(expected.value.bitPattern, radix: 16)))")
                    }
                }
            }
        }
        return (count, mismatches)
    }

    static func randomFinite(_ rng: inout SplitMix64) -> Double {
        while true {
            let x = Double(bitPattern: rng.next())
            if x.isFinite { return x }
        }
    }

    static func digits(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8(ascii: "0") + UInt8(rng.next() % 10) }
    }

    /// About 10⁶ numbers in the formats a recording has and the ones that are hard to round.
    static func numbers(seed: UInt64) -> Corpus {
        var rng = SplitMix64(seed: seed)
        var corpus = Corpus()
        // Random doubles (every exponent) with 17 significant digits: lossless.
        for i in 0..<300_000 {
            let x = randomFinite(&rng)
            corpus.append(i % 2 == 0 ? "%.17g" : "%.16e", x)
        }
        // Random doubles with 1–25 significant digits (25: the exact expansion's first digits).
        for i in 0..<200_000 {
            let x = i % 2 == 0 ? randomFinite(&rng) : Double.random(in: -1000...1000, using: &rng)
            corpus.append(i % 3 == 0 ? "%.*e" : "%.*g", Int32(i % 3 == 0 ? rng.next() % 25 : 1 + rng.next() % 25), x)
        }
        // Shortest round-trip text (Swift's description).
        for i in 0..<150_000 {
            let x = i % 2 == 0 ? randomFinite(&rng) : Double.random(in: 0..<10, using: &rng) * pow(10, Double(Int(rng.next() % 40) - 20))
            corpus.append(x.description.utf8)
        }
        // Subnormals: random ones in three formats, and the boundaries.
        for i in 0..<50_000 {
            let x = Double(bitPattern: (rng.next() & 0x800F_FFFF_FFFF_FFFF) >> (rng.next() % 52))
            switch i % 3 {
            case 0: corpus.append("%.17g", x)
            case 1: corpus.append(x.description.utf8)
            default: corpus.append("%.*e", Int32(rng.next() % 25), x)
            }
        }
        for text in ["5e-324", "4.9406564584124654e-324", "4.9406564584124654417656879286822137236505980e-324",
                     "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
                     "2.2250738585072012e-308", "2.2250738585072014e-308", "2.225073858507201136057409796709131975934819546351645648e-308",
                     "1e-320", "-1e-320", "1e-400", "-1e-400", "1e308", "1.7976931348623157e308", "1.7976931348623158e308",
                     "1.7976931348623158079e308", "1.7976931348623159e308", "1e400", "-1e400", "1e-324", "3e-324",
                     "-0", "-0.0", "0e999", "-0e-999", "0.0e0", "9007199254740993", "9007199254740992.5", "1e23", "8.988465674311579e307"] {
            corpus.append(text.utf8)
        }
        // Near halfway between neighbouring doubles: the exact midpoint (ties to even), just above
        // it (a final 1) and just below it (truncated to 17–40 digits). The midpoint is exact in
        // Float80; %Le prints it exactly.
        #if arch(x86_64) || arch(i386)
        for i in 0..<34_000 {
            let extreme = i % 17 == 0
            let x = extreme ? abs(randomFinite(&rng)).nextDown
                : Double.random(in: 1...2, using: &rng) * pow(2, Double(Int(rng.next() % 90) - 20))
            let mid = (Float80(x) + Float80(x.nextUp)) / 2
            // 101 significant digits hold a midpoint in [2⁻²⁰, 2⁷⁰) exactly; 781 any midpoint.
            let precision: Int32 = extreme ? 780 : 100
            var text = (i % 4 == 1 ? [UInt8(ascii: "-")] : []) + Corpus.printed("%.*Le", capacity: 1024, [precision, mid])
            let e = text.lastIndex(of: UInt8(ascii: "e"))!
            precondition(text[e - 1] == UInt8(ascii: "0"), "the midpoint was not printed exactly")
            corpus.append(text)
            text[e - 1] = UInt8(ascii: "1")
            corpus.append(text)
            let kept = 17 + Int(rng.next() % 24)
            let mark = text.first == UInt8(ascii: "-") ? 1 : 0
            corpus.append(text[..<(mark + 1 + kept)] + text[e...])
        }
        #endif
        // Exponents at the limits of the range, with 1–20 digits.
        for _ in 0..<100_000 {
            let count = 1 + Int(rng.next() % 20)
            let exponents = [-330, -300, 295, 305, -400, 390]
            let exponent = exponents[Int(rng.next() % 6)] + Int(rng.next() % 15)
            let mantissa = digits(count, &rng)
            let sign: [UInt8] = rng.next() % 2 == 0 ? [] : [UInt8(ascii: "-")]
            corpus.append(sign + mantissa.prefix(1) + [UInt8(ascii: ".")] + mantissa.dropFirst() + Array("e\(exponent)".utf8))
        }
        // Leading zeros, trailing zeros, signed zeros, forms with no digits before or after the point.
        for i in 0..<50_000 {
            let zeros = Array(repeating: UInt8(ascii: "0"), count: Int(rng.next() % 30))
            let body = digits(Int(rng.next() % 12), &rng)
            let trailing = Array(repeating: UInt8(ascii: "0"), count: Int(rng.next() % 30))
            let sign: [UInt8] = i % 2 == 0 ? [] : [UInt8(ascii: "-")]
            let exponent: [UInt8] = i % 3 == 0 ? Array("E\(Int(rng.next() % 40) - 20)".utf8) : []
            switch i % 4 {
            case 0: corpus.append(sign + zeros + [UInt8(ascii: "0")] + exponent)
            case 1: corpus.append(sign + zeros + body + [UInt8(ascii: ".")] + trailing + exponent)
            case 2: corpus.append(sign + [UInt8(ascii: ".")] + zeros + body + trailing + [UInt8(ascii: "1")] + exponent)
            default: corpus.append(sign + zeros + [UInt8(ascii: "1")] + body + [UInt8(ascii: ".")] + body + trailing + exponent)
            }
        }
        // Long mantissas: 40 digits, the point anywhere, exponents over the whole range.
        for i in 0..<50_000 {
            var mantissa = digits(40, &rng)
            mantissa.insert(UInt8(ascii: "."), at: Int(rng.next() % 41))
            let exponent: [UInt8] = i % 5 == 0 ? [] : Array("e\(Int(rng.next() % 700) - 350)".utf8)
            corpus.append((i % 2 == 0 ? [] : [UInt8(ascii: "-")]) + mantissa + exponent)
        }
        return corpus
    }

    /// Random short strings over a number's alphabet, and a few more: the length read and the value
    /// agree with strtod whatever the text (including "+1", " 1", "0x10", "inf", "nan(…)").
    static func fuzz(seed: UInt64) -> Corpus {
        var rng = SplitMix64(seed: seed)
        let alphabet = Array("0123456789.eE+-xXpinfINFatyAYN()_ \t,#".utf8) + Array(repeating: UInt8(ascii: "1"), count: 8)
            + Array(repeating: UInt8(ascii: "."), count: 3) + Array(repeating: UInt8(ascii: "e"), count: 3)
        var corpus = Corpus()
        for _ in 0..<100_000 {
            corpus.append((0..<(1 + Int(rng.next() % 12))).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        return corpus
    }

    @Test func theNumbersAreStrtodsToTheBit() {
        let corpus = Self.numbers(seed: 20_261_123)
        let (count, mismatches) = Self.compare(corpus, whole: true)
        #expect(corpus.count > 1_000_000)
        #expect(count == 0, "\(count) of \(corpus.count), the first: \(mismatches.joined(separator: "\n"))")
    }

    @Test func anyTextIsReadToTheSameLengthAsStrtod() {
        let corpus = Self.fuzz(seed: 7)
        let (count, mismatches) = Self.compare(corpus, whole: false)
        #expect(count == 0, "\(count) of \(corpus.count), the first: \(mismatches.joined(separator: "\n"))")
    }

    /// 10⁵ rows through the reader: numbers from the corpus (the times sorted), some with a '+'
    /// or blanks around them. The fast path reads every row, to strtod's bits, as the careful path does.
    @Test func theReaderReadsTheCorpusAsStrtodDoes() throws {
        let corpus = Self.numbers(seed: 99)
        var rng = SplitMix64(seed: 5)
        var finite: [(text: [UInt8], value: Double)] = []
        corpus.bytes.withUnsafeBufferPointer { raw in
            let base = UnsafeRawPointer(raw.baseAddress!).assumingMemoryBound(to: CChar.self)
            while finite.count < 200_000 {
                let i = Int(rng.next() % UInt64(corpus.count))
                let value = strtod(base + corpus.starts[i], nil)
                guard value.isFinite else { continue }
                let end = i + 1 < corpus.count ? corpus.starts[i + 1] - 1 : corpus.bytes.count - 1
                finite.append((Array(raw[corpus.starts[i]..<end]), value))
            }
        }
        var times = Array(finite[..<100_000])
        times.sort { $0.value < $1.value }
        var kept: [(text: [UInt8], value: Double)] = []
        for t in times where kept.last.map({ $0.value < t.value }) ?? true { kept.append(t) }
        let values = finite[100_000..<(100_000 + kept.count)]
        func decorated(_ text: [UInt8]) -> [UInt8] {
            let signed = text.first != UInt8(ascii: "-") && rng.next() % 4 == 0 ? [UInt8(ascii: "+")] + text : text
            switch rng.next() % 8 {
            case 0: return Array(" \t ".utf8) + signed
            case 1: return signed + Array("  ".utf8)
            default: return signed
            }
        }
        var csv = Array("time,value\n".utf8)
        for (t, y) in zip(kept, values) { csv += decorated(t.text) + [UInt8(ascii: ",")] + decorated(y.text) + [UInt8(ascii: "\n")] }

        var parser = RecordingReader.Parser(file: "corpus.csv", column: nil)
        let counts = try parser.consume(Data(csv))
        let recording = try parser.finish()
        #expect(counts.fast == kept.count)
        #expect(recording.times.map(\.bitPattern) == kept.map(\.value.bitPattern))
        #expect(recording.values.map(\.bitPattern) == values.map(\.value.bitPattern))
        #expect(parse(csv, path: .careful) == Outcome(recording))
    }

    /// 2·10⁴ random fields over a number's alphabet (with '+', blanks, hexadecimal, inf and nan),
    /// each the value of a one-row file: the fast path gives the careful path's answer, sample or
    /// error.
    @Test func randomFieldsReadAsTheCarefulPathReadsThem() {
        let corpus = Self.fuzz(seed: 11)
        var differences: [String] = []
        var fastRows = 0
        for i in 0..<20_000 {
            let text = "time,value\n0,\(corpus.string(i))\n"
            var parser = RecordingReader.Parser(file: "test.csv", column: nil)
            let outcome: Outcome
            do throws(RecordingError) {
                fastRows += try parser.consume(Data(text.utf8)).fast
                outcome = Outcome(try parser.finish())
            } catch {
                outcome = Outcome(error)
            }
            let careful = parse(text, path: .careful)
            if outcome != careful && differences.count < 20 { differences.append("\(visible(Array(text.utf8))): \(outcome); careful: \(careful)") }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        // The fast path read as many of them as when it called strtod (measured with that reader).
        #expect(fastRows == 1_284)
    }

    /// One field, as the reader read it when its fast path called strtod (recorded by running
    /// that reader): the value's bits, or the careful path's error for column 'value'. That reader's
    /// fast path read every field it accepted and declined every one it rejected.
    struct EdgeCase: Sendable, CustomTestStringConvertible {
        var field: String
        var bits: UInt64? = nil
        var error: String? = nil
        var testDescription: String { field.debugDescription }
        init(_ field: String, bits: UInt64) { (self.field, self.bits) = (field, bits) }
        init(_ field: String, error: String) { (self.field, self.error) = (field, error) }
    }

    static let edgeCases: [EdgeCase] = [
        EdgeCase("1", bits: 0x3ff0000000000000),
        EdgeCase("+1", bits: 0x3ff0000000000000),
        EdgeCase("-1", bits: 0xbff0000000000000),
        EdgeCase("+-1", error: "column 'value': '+-1' is not a number"),
        EdgeCase("-+1", error: "column 'value': '-+1' is not a number"),
        EdgeCase("++1", error: "column 'value': '++1' is not a number"),
        EdgeCase("--1", error: "column 'value': '--1' is not a number"),
        EdgeCase("1e5", bits: 0x40f86a0000000000),
        EdgeCase("1E5", bits: 0x40f86a0000000000),
        EdgeCase("1e+5", bits: 0x40f86a0000000000),
        EdgeCase("1e-5", bits: 0x3ee4f8b588e368f1),
        EdgeCase("1e", error: "column 'value': '1e' is not a number"),
        EdgeCase("1e+", error: "column 'value': '1e+' is not a number"),
        EdgeCase("1e-", error: "column 'value': '1e-' is not a number"),
        EdgeCase("1.e5", bits: 0x40f86a0000000000),
        EdgeCase(".5", bits: 0x3fe0000000000000),
        EdgeCase("-.5", bits: 0xbfe0000000000000),
        EdgeCase("+.5", bits: 0x3fe0000000000000),
        EdgeCase("5.", bits: 0x4014000000000000),
        EdgeCase("-5.", bits: 0xc014000000000000),
        EdgeCase("+5.", bits: 0x4014000000000000),
        EdgeCase(".", error: "column 'value': '.' is not a number"),
        EdgeCase("-", error: "column 'value': '-' is not a number"),
        EdgeCase("+", error: "column 'value': '+' is not a number"),
        EdgeCase("-.", error: "column 'value': '-.' is not a number"),
        EdgeCase("+.", error: "column 'value': '+.' is not a number"),
        EdgeCase(".e5", error: "column 'value': '.e5' is not a number"),
        EdgeCase("-0", bits: 0x8000000000000000),
        EdgeCase("+0", bits: 0x0),
        EdgeCase("0", bits: 0x0),
        EdgeCase("-0.0", bits: 0x8000000000000000),
        EdgeCase("0e0", bits: 0x0),
        EdgeCase("-0e-5", bits: 0x8000000000000000),
        EdgeCase("inf", error: "column 'value': inf is not a finite number"),
        EdgeCase("-inf", error: "column 'value': -inf is not a finite number"),
        EdgeCase("+inf", error: "column 'value': +inf is not a finite number"),
        EdgeCase("Infinity", error: "column 'value': Infinity is not a finite number"),
        EdgeCase("INF", error: "column 'value': INF is not a finite number"),
        EdgeCase("infinit", error: "column 'value': 'infinit' is not a number"),
        EdgeCase("nan", error: "column 'value': nan is not a finite number; a dropped frame? --skip-invalid-rows reads rows with empty or NaN cells as gaps"),
        EdgeCase("-nan", error: "column 'value': -nan is not a finite number; a dropped frame? --skip-invalid-rows reads rows with empty or NaN cells as gaps"),
        EdgeCase("+nan", error: "column 'value': +nan is not a finite number; a dropped frame? --skip-invalid-rows reads rows with empty or NaN cells as gaps"),
        EdgeCase("NaN", error: "column 'value': NaN is not a finite number; a dropped frame? --skip-invalid-rows reads rows with empty or NaN cells as gaps"),
        EdgeCase("nan(123)", error: "column 'value': nan(123) is not a finite number"),
        EdgeCase("nan(", error: "column 'value': 'nan(' is not a number"),
        EdgeCase("1e400", error: "column 'value': 1e400 is not a finite number"),
        EdgeCase("-1e400", error: "column 'value': -1e400 is not a finite number"),
        EdgeCase("+1e400", error: "column 'value': +1e400 is not a finite number"),
        EdgeCase("1e308", bits: 0x7fe1ccf385ebc8a0),
        EdgeCase("1.7976931348623157e308", bits: 0x7fefffffffffffff),
        EdgeCase("1.7976931348623158e308", bits: 0x7fefffffffffffff),
        EdgeCase("1.7976931348623159e308", error: "column 'value': 1.7976931348623159e308 is not a finite number"),
        EdgeCase("-1.7976931348623159e308", error: "column 'value': -1.7976931348623159e308 is not a finite number"),
        EdgeCase("1e-400", bits: 0x0),
        EdgeCase("-1e-400", bits: 0x8000000000000000),
        EdgeCase("+1e-400", bits: 0x0),
        EdgeCase("5e-324", bits: 0x1),
        EdgeCase("4.9406564584124654e-324", bits: 0x1),
        EdgeCase("2.4703282292062327e-324", bits: 0x0),
        EdgeCase("2.4703282292062328e-324", bits: 0x1),
        EdgeCase("2.2250738585072011e-308", bits: 0xfffffffffffff),
        EdgeCase("2.2250738585072014e-308", bits: 0x10000000000000),
        EdgeCase("2.225073858507201e-308", bits: 0xfffffffffffff),
        EdgeCase("0x10", error: "column 'value': '0x10' is not a decimal number (hexadecimal is not accepted)"),
        EdgeCase("0X1p3", error: "column 'value': '0X1p3' is not a decimal number (hexadecimal is not accepted)"),
        EdgeCase("-0x1", error: "column 'value': '-0x1' is not a decimal number (hexadecimal is not accepted)"),
        EdgeCase("+0x1", error: "column 'value': '+0x1' is not a decimal number (hexadecimal is not accepted)"),
        EdgeCase("0x", error: "column 'value': '0x' is not a number"),
        EdgeCase("1x", error: "column 'value': '1x' is not a number"),
        EdgeCase(" 1", bits: 0x3ff0000000000000),
        EdgeCase("\t1", bits: 0x3ff0000000000000),
        EdgeCase(" +1", bits: 0x3ff0000000000000),
        EdgeCase(" -1", bits: 0xbff0000000000000),
        EdgeCase("1 ", bits: 0x3ff0000000000000),
        EdgeCase("1\t", bits: 0x3ff0000000000000),
        EdgeCase("  1  ", bits: 0x3ff0000000000000),
        EdgeCase("001", bits: 0x3ff0000000000000),
        EdgeCase("-007.50", bits: 0xc01e000000000000),
        EdgeCase("+007.50", bits: 0x401e000000000000),
        EdgeCase("00.5e-0001", bits: 0x3fa999999999999a),
        EdgeCase("1234567890123456789012345678901234567890", bits: 0x480d064903ae06e0),
        EdgeCase("-1234567890123456789012345678901234567890e-40", bits: 0xbfbf9add3746f65f),
        EdgeCase("0.1000000000000000055511151231257827021181583404541015625", bits: 0x3fb999999999999a),
        EdgeCase("1.5.5", error: "column 'value': '1.5.5' is not a number"),
        EdgeCase("1e5e5", error: "column 'value': '1e5e5' is not a number"),
        EdgeCase("1d5", error: "column 'value': '1d5' is not a number"),
        EdgeCase("1f", error: "column 'value': '1f' is not a number"),
        EdgeCase("1_000", error: "column 'value': '1_000' is not a number"),
        EdgeCase("１", error: "column 'value': '１' is not a number"),
        EdgeCase("1e99999999999999", error: "column 'value': 1e99999999999999 is not a finite number"),
        EdgeCase("1e-99999999999999", bits: 0x0),
        EdgeCase("0e99999999", bits: 0x0),
        EdgeCase("9007199254740993", bits: 0x4340000000000000),
        EdgeCase("9007199254740993.00000000000000000001", bits: 0x4340000000000001),
        EdgeCase("1.0000000000000001110223024625156540423631668090820312500000000000000001", bits: 0x3ff0000000000001),
        EdgeCase("1\0", error: "column 'value': '1\0' is not a number"),
        EdgeCase("e5", error: "column 'value': 'e5' is not a number"),
        EdgeCase("-e5", error: "column 'value': '-e5' is not a number"),
        EdgeCase("1 2", error: "column 'value': '1 2' is not a number"),
        EdgeCase("1e 5", error: "column 'value': '1e 5' is not a number"),
        EdgeCase("- 1", error: "column 'value': '- 1' is not a number"),
        EdgeCase("+ 1", error: "column 'value': '+ 1' is not a number"),
        EdgeCase("0.000000000000000000000000000000000000000000000000000000000000001", bits: 0x32da53fc9631d10d),
        EdgeCase("1e0000000000000000000000000000000001", bits: 0x4024000000000000),
        EdgeCase("000000000000000000000000000000000000000000001.5", bits: 0x3ff8000000000000),
        EdgeCase("1.5e+0308", bits: 0x7feab36d48e1acf0),
        EdgeCase("1.5e-0308", bits: 0xac941b426dd3b),
        EdgeCase("12345678901234567890", bits: 0x43e56a95319d63e1),
        EdgeCase("123456789012345678901", bits: 0x441ac53a7e04bcda),
    ]

    /// Each edge case as the value, as the time, and as the value on a CRLF line: the same
    /// bits or error as before, read by the fast path exactly when it was before, and what the
    /// careful path gives.
    @Test(arguments: edgeCases)
    func edgeCasesReadAsBefore(_ c: EdgeCase) {
        let layouts = [("value", "time,value\n0,\(c.field)\n"), ("time", "time,value\n\(c.field),1\n"),
                       ("value", "time,value\r\n0,\(c.field)\r\n")]
        for (column, text) in layouts {
            var parser = RecordingReader.Parser(file: "test.csv", column: nil)
            var fastRows = 0
            let outcome: Outcome
            do throws(RecordingError) {
                fastRows = try parser.consume(Data(text.utf8)).fast
                outcome = Outcome(try parser.finish())
            } catch {
                outcome = Outcome(error)
            }
            #expect(fastRows == (c.bits == nil ? 0 : 1), "\(visible(Array(text.utf8)))")
            if let bits = c.bits {
                let row = column == "time" ? (bits, Double(1).bitPattern) : (Double(0).bitPattern, bits)
                #expect(outcome.error == nil && outcome.times == [row.0] && outcome.values == [row.1], "\(visible(Array(text.utf8))): \(outcome)")
            } else {
                let message = c.error!.replacingOccurrences(of: "column 'value'", with: "column '\(column)'")
                #expect(outcome.error == RecordingError(file: "test.csv", line: 2, message: message), "\(visible(Array(text.utf8))): \(outcome)")
            }
            #expect(parse(text, path: .careful) == outcome, "\(visible(Array(text.utf8)))")
        }
    }
}
