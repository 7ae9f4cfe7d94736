import Foundation
import MotionTestSupport

/// data/reference/bezier.json, written by scripts/reference/bezier_reference.py (mpmath, 50 digits).
/// Every expected value and every tolerance in it comes from that script, not from MotionCurves.
enum Reference {
    struct Point {
        var x: Double
        /// The exact root rounded to a double, and how far below/above it t may lie while
        /// |x(t) − x| ≤ 4 ulp(x) holds in exact arithmetic.
        var t: Double, tLowGap: Double, tHighGap: Double
        var y: Double, yTolerance: Double
        /// nil tolerance: the velocity is infinite somewhere in the permitted window.
        var velocity: Double, velocityTolerance: Double?
    }

    struct Curve: CustomTestStringConvertibleName {
        var name: String
        var controlPoints: [Double]
        var points: [Point]
        var testName: String { name }
    }

    struct ClosedFormPoint {
        var progress: Double, value: Double, valueTolerance: Double
        var velocity: Double, velocityTolerance: Double?
    }

    struct CSSPoint {
        var x: Double, value: Double, tolerance: Double, gradient: Double
    }

    struct CSSCurve: CustomTestStringConvertibleName {
        var name: String
        var controlPoints: [Double]
        var gradients: [Double]
        var points: [CSSPoint]
        var testName: String { name }
    }

    static let url = Repository.url("data/reference/bezier.json")

    /// Parsed with ``ExactJSON``: Foundation's JSONSerialization on Linux rounds some numbers by
    /// an ulp or two (0.9999999999999999 reads as 1.0), which would corrupt an ulp-level table.
    nonisolated(unsafe) static let document: [String: Any] = {
        guard let data = try? Data(contentsOf: url),
              let object = try? ExactJSON.parse(String(decoding: data, as: UTF8.self)) as? [String: Any]
        else { fatalError("cannot read \(url.path); run scripts/reference/bezier_reference.py") }
        return object
    }()

    /// A JSON number, or the strings "inf" / "-inf".
    static func number(_ any: Any) -> Double {
        if let n = any as? Double { return n }
        switch any as? String {
        case "inf": return .infinity
        case "-inf": return -.infinity
        default: return .nan
        }
    }

    static let curves: [Curve] = (document["curves"] as! [[String: Any]]).map { curve in
        Curve(
            name: curve["name"] as! String,
            controlPoints: (curve["controlPoints"] as! [Any]).map(number),
            points: (curve["points"] as! [[Any]]).map { row in
                let vTol = number(row[7])
                return Point(x: number(row[0]), t: number(row[1]), tLowGap: number(row[2]), tHighGap: number(row[3]),
                             y: number(row[4]), yTolerance: number(row[5]),
                             velocity: number(row[6]), velocityTolerance: vTol.isFinite ? vTol : nil)
            })
    }

    static let circular: [(name: String, points: [ClosedFormPoint])] =
        (document["circular"] as! [[String: Any]]).map { curve in
            (curve["name"] as! String, (curve["points"] as! [[Any]]).map { row in
                let vTol = number(row[4])
                return ClosedFormPoint(progress: number(row[0]), value: number(row[1]), valueTolerance: number(row[2]),
                                       velocity: number(row[3]), velocityTolerance: vTol.isFinite ? vTol : nil)
            })
        }

    static let css: [CSSCurve] = (document["css"] as! [[String: Any]]).map { curve in
        CSSCurve(
            name: curve["name"] as! String,
            controlPoints: (curve["controlPoints"] as! [Any]).map(number),
            gradients: (curve["gradients"] as! [Any]).map(number),
            points: (curve["points"] as! [[Any]]).map { row in
                CSSPoint(x: number(row[0]), value: number(row[1]), tolerance: number(row[2]), gradient: number(row[3]))
            })
    }
}

/// Lets parameterized tests show a curve's name instead of its whole table.
protocol CustomTestStringConvertibleName: CustomStringConvertible, Sendable {
    var testName: String { get }
}

extension CustomTestStringConvertibleName {
    var description: String { testName }
}

/// A small JSON reader whose numbers go through `Double(String)`, which rounds correctly.
/// Objects become `[String: Any]`, arrays `[Any]`, numbers `Double`.
enum ExactJSON {
    struct Malformed: Error { var offset: Int }

    static func parse(_ text: String) throws -> Any {
        var bytes = Array(text.utf8)[...]
        let value = try parseValue(&bytes)
        skipSpace(&bytes)
        guard bytes.isEmpty else { throw Malformed(offset: bytes.startIndex) }
        return value
    }

    private static func skipSpace(_ b: inout ArraySlice<UInt8>) {
        while let c = b.first, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { b.removeFirst() }
    }

    private static func expect(_ c: UInt8, _ b: inout ArraySlice<UInt8>) throws {
        skipSpace(&b)
        guard b.first == c else { throw Malformed(offset: b.startIndex) }
        b.removeFirst()
    }

    private static func parseValue(_ b: inout ArraySlice<UInt8>) throws -> Any {
        skipSpace(&b)
        guard let c = b.first else { throw Malformed(offset: b.startIndex) }
        switch c {
        case UInt8(ascii: "{"):
            b.removeFirst()
            var object: [String: Any] = [:]
            skipSpace(&b)
            if b.first == UInt8(ascii: "}") { b.removeFirst(); return object }
            while true {
                skipSpace(&b)
                guard let key = try parseValue(&b) as? String else { throw Malformed(offset: b.startIndex) }
                try expect(UInt8(ascii: ":"), &b)
                object[key] = try parseValue(&b)
                skipSpace(&b)
                if b.first == UInt8(ascii: ",") { b.removeFirst(); continue }
                try expect(UInt8(ascii: "}"), &b)
                return object
            }
        case UInt8(ascii: "["):
            b.removeFirst()
            var array: [Any] = []
            skipSpace(&b)
            if b.first == UInt8(ascii: "]") { b.removeFirst(); return array }
            while true {
                array.append(try parseValue(&b))
                skipSpace(&b)
                if b.first == UInt8(ascii: ",") { b.removeFirst(); continue }
                try expect(UInt8(ascii: "]"), &b)
                return array
            }
        case UInt8(ascii: "\""):
            b.removeFirst()
            var raw: [UInt8] = []
            while let d = b.first, d != UInt8(ascii: "\"") {
                // The reference file holds only plain ASCII strings; keep escapes verbatim.
                raw.append(d)
                b.removeFirst()
            }
            try expect(UInt8(ascii: "\""), &b)
            return String(decoding: raw, as: UTF8.self)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let word = b.prefix { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
            b.removeFirst(word.count)
            switch String(decoding: word, as: UTF8.self) {
            case "true": return true
            case "false": return false
            case "null": return NSNull()
            default: throw Malformed(offset: b.startIndex)
            }
        default:
            let token = b.prefix { "+-0123456789.eE".utf8.contains($0) }
            guard let value = Double(String(decoding: token, as: UTF8.self)) else {
                throw Malformed(offset: b.startIndex)
            }
            b.removeFirst(token.count)
            return value
        }
    }
}
