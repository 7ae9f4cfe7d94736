import Foundation
import MotionNumerics
import PropertyBased
import Testing

@Suite("Decimal text")
struct DecimalTextTests {
    /// C's `%.*g` (glibc's printf, an independent implementation that rounds the exact binary
    /// value), with the exponent written as `DecimalText` writes it: `1.5e-05` → `1.5e-5`.
    static func printfG(_ x: Double, _ digits: Int) -> String {
        let text = String(format: "%.*g", digits, x)
        guard let e = text.firstIndex(of: "e") else { return text == "-0" ? "0" : text }
        let mantissa = text[..<e]
        let exponent = Int(text[text.index(after: e)...])!
        return mantissa + "e" + String(exponent)
    }

    @Test(arguments: [
        (0.000015, 6, "1.5e-5"), (1.04468_1234, 6, "1.04468"), (2e10, 3, "2e10"), (170.00000000000003, 6, "170"),
        (0.30000000000000004, 6, "0.3"), (123456.7, 6, "123457"), (1234567.0, 6, "1.23457e6"), (9.9996, 4, "10"),
        (-0.0001, 6, "-0.0001"), (0.00001, 6, "1e-5"), (1e300, 17, "1e300"), (-2.5, 1, "-3"), (0.0, 6, "0"),
        (-0.0, 6, "0"), (.leastNonzeroMagnitude, 6, "5e-324"), (999999.7, 6, "1e6"), (-0.000099996, 4, "-0.0001"), (99.5, 2, "1e2"), (0.1, 17, "0.1"), (.greatestFiniteMagnitude, 6, "1.79769e308"),
    ] as [(Double, Int, String)])
    func examples(x: Double, digits: Int, text: String) {
        #expect(DecimalText.significant(x, digits: digits) == text)
    }

    @Test func nonFinite() {
        #expect(DecimalText.significant(.infinity) == "inf")
        #expect(DecimalText.significant(-.infinity) == "-inf")
        #expect(DecimalText.significant(.nan) == "nan")
        #expect(DecimalText.shortest(.nan) == "nan")
        #expect(DecimalText.shortest(3) == "3")
        #expect(DecimalText.shortest(0.1) == "0.1")
        #expect(DecimalText.shortest(-1e-300) == "-1e-300")
    }

    /// Agrees with printf's `%g` everywhere except in two deliberate ways. DecimalText never prints
    /// more digits than the shortest round-trip text (printf's `%.17g` of 0.1 is
    /// 0.10000000000000001); and where that text ends in a 5 exactly at the rounding position,
    /// printf rounds the binary value (2.675 → 2.67, as the double is 2.67499…) and DecimalText
    /// the decimal a person reads (2.68).
    @Test func agreesWithPrintf() async {
        await propertyCheck(count: 5000, input: Gen.double(in: 1..<10), Gen.int(in: -300...300), Gen.int(in: 1...17)) { m, e, digits in
            let x = m * pow(10, Double(e)) * (e % 2 == 0 ? 1 : -1)
            guard x.isFinite, x != 0 else { return }
            let ours = DecimalText.significant(x, digits: digits)
            let theirs = Self.printfG(x, digits)
            if ours != theirs {
                // The shortest round-trip text's significant digits (Swift writes doubles below 2⁵³
                // as integers with ".0", whose trailing zeros are not significant).
                let digitsShown = x.magnitude.description.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
                let shortest = String(digitsShown.reversed().drop { $0 == "0" }.reversed())
                let fewer = shortest.count <= digits && Double(ours) == x
                let tie = shortest.count == digits + 1 && shortest.last == "5"
                #expect(fewer || tie,
                        "x = \(x), \(digits) digits: \(ours) vs printf \(theirs)")
            }
            // The text reads back within one unit of its last digit.
            let back = Double(ours)!
            let unit = pow(10, (log10(x.magnitude)).rounded(.down) - Double(digits - 1))
            #expect(abs(back - x) <= unit, "x = \(x) → \(ours)")
        }
    }
}

@Suite("Uniform grids")
struct UniformGridTests {
    /// Point i of a decimal grid is the double nearest the decimal (Swift's own parse of its text).
    @Test(arguments: [(0.0, 1.0, 0.1), (-0.5, 1.5, 0.05), (1.25, 2.0, 0.125), (0.3, 0.9, 0.3), (100.0, 101.0, 0.01)])
    func decimalGrids(from: Double, to: Double, step: Double) {
        let points = UniformGrid.points(from: from, to: to, step: step)
        let n = Int(((to - from) / step).rounded()) + 1
        #expect(points.count == n)
        // The decimal from + i·step, written exactly with integers, then parsed by Double(String).
        let decimals = 3
        let scale = 1000.0
        for (i, x) in points.enumerated() {
            let numerator = Int((from * scale).rounded()) + i * Int((step * scale).rounded())
            let sign = numerator < 0 ? "-" : ""
            let text = "\(sign)\(abs(numerator) / 1000).\(String(repeating: "0", count: decimals - String(abs(numerator) % 1000).count))\(abs(numerator) % 1000)"
            #expect(x == Double(text)!, "point \(i): \(x) vs \(text)")
        }
        #expect(points.contains(where: { $0.description.count > 18 }) == false)
    }

    @Test func nonDecimalStepsMultiply() {
        let step = 1.0 / 3
        let points = UniformGrid.points(from: 0, to: 1, step: step)
        #expect(points.count == 4)
        #expect(points[3] == 3 * step)
    }
}
