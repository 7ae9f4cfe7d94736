import MotionNumerics

/// A CSS `linear()` easing function: stops (progress, output) joined by straight lines, with the
/// largest distance between the text it prints and the motion it approximates.
///
/// The approximated function is a *normalised* motion — output 0 at progress 0 and 1 at
/// progress 1 — and the easing starts at exactly 0 and ends at exactly 1, so an element lands
/// on its target however the function ends (a spring cut at its settling time is within ε of
/// 1, not at 1). ``maxError`` is measured on the printed text, after its numbers are rounded,
/// and includes that end: it is the error of what a user pastes.
public struct CSSLinearEasing: Sendable, Hashable, CustomStringConvertible {
    /// (input progress, output progress) pairs as printed, input increasing from 0 to 1.
    public private(set) var stops: [(input: Double, output: Double)]
    /// The largest |easing(p) − curve(p)| over a grid four times finer than the construction
    /// grid, of the printed stops; in output units (fractions of the step).
    public private(set) var maxError: Double
    /// The printed numbers' significant digits, the fewest (≥ 4) that keep ``maxError`` within
    /// the tolerance.
    public private(set) var digits: Int
    /// The printed input percentages (input = percentage / 100 need not round-trip).
    private var percentages: [Double]

    public static func == (a: Self, b: Self) -> Bool {
        a.maxError == b.maxError && a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.input == $1.input && $0.output == $1.output }
    }

    public func hash(into hasher: inout Hasher) {
        for stop in stops { hasher.combine(stop.input); hasher.combine(stop.output) }
    }

    /// The fewest stops whose printed polyline stays within `tolerance` of `curve`.
    ///
    /// Stops are chosen greedily on a grid of `resolution` + 1 points, each extended as far as its
    /// chord stays within the budget; the stops are then rounded for printing with as many digits
    /// as the tolerance needs, and the printed polyline is measured against `curve` on a grid four
    /// times finer. When the curve bends between grid points so that the measured error exceeds
    /// the tolerance, the budget shrinks and the stops are chosen again.
    ///
    /// - Parameters:
    ///   - curve: the normalised motion, `curve(0) ≈ 0`, `curve(1) ≈ 1`.
    ///   - tolerance: the largest error wanted, in output units, in (0, 1).
    ///   - resolution: the construction grid, at least 2 intervals.
    /// - Complexity: O(resolution²) in the worst case, O(resolution · stops) typically.
    public init(approximating curve: (Double) -> Double, tolerance: Double, resolution: Int = 1000) {
        let n = max(resolution, 2)
        let fine = 4 * n
        let finePoints = (0...fine).map { Double($0) / Double(fine) }
        let fineValues = finePoints.map(curve)
        var budget = tolerance
        var best: Printed? = nil
        for _ in 0..<8 {
            let chosen = Self.greedyStops(fineValues, every: 4, intervals: n, budget: budget)
            let printed = Self.printed(chosen, tolerance: tolerance, finePoints: finePoints, fineValues: fineValues)
            if best == nil || printed.error < best!.error { best = printed }
            if printed.error <= tolerance { break }
            budget *= 0.7
        }
        (stops, percentages, maxError, digits) = (best!.stops, best!.percentages, best!.error, best!.digits)
    }

    private typealias Printed = (stops: [(input: Double, output: Double)], percentages: [Double], error: Double, digits: Int)

    /// Greedy stops through the construction-grid points (every `every`-th fine point), pinned
    /// to 0 at the start and 1 at the end.
    private static func greedyStops(
        _ fineValues: [Double], every step: Int, intervals n: Int, budget: Double
    ) -> [(input: Double, output: Double)] {
        let xs = (0...n).map { Double($0) / Double(n) }
        var ys = (0...n).map { fineValues[$0 * step] }
        ys[0] = 0
        ys[n] = 1
        var stops = [(input: 0.0, output: 0.0)]
        var start = 0
        while start < n {
            var end = start + 1
            var candidate = start + 2
            while candidate <= n && chordError(xs, ys, start, candidate) <= budget {
                end = candidate
                candidate += 1
            }
            stops.append((xs[end], ys[end]))
            start = end
        }
        return stops
    }

    private static func chordError(_ xs: [Double], _ ys: [Double], _ a: Int, _ b: Int) -> Double {
        var worst = 0.0
        let slope = (ys[b] - ys[a]) / (xs[b] - xs[a])
        for i in (a + 1)..<b {
            worst = max(worst, abs(ys[a] + slope * (xs[i] - xs[a]) - ys[i]))
        }
        return worst
    }

    /// The stops rounded to the fewest digits (4…17) whose polyline is within `tolerance`, with
    /// that polyline's measured error.
    private static func printed(
        _ stops: [(input: Double, output: Double)], tolerance: Double, finePoints: [Double], fineValues: [Double]
    ) -> Printed {
        var result: Printed? = nil
        // Rounding an output near 1 to d digits moves it by at most ½·10^(1−d): start where that
        // is a tenth of the tolerance, so one or two attempts usually suffice.
        // More digits help only while rounding adds to the error of the unrounded stops.
        let unrounded = polylineError(stops, finePoints, fineValues)
        var first = 4, rounding = 0.5e-3
        while first < 17 && rounding > tolerance / 10 {
            first += 1
            rounding /= 10
        }
        for digits in first...17 {
            let percentages = stops.enumerated().map { index, stop in
                index == 0 || index == stops.count - 1
                    ? stop.input * 100 : Double(DecimalText.significant(stop.input * 100, digits: digits))!
            }
            let rounded = zip(stops, percentages).map { stop, percent in
                (input: percent / 100, output: Double(DecimalText.significant(stop.output, digits: digits))!)
            }
            let error = polylineError(rounded, finePoints, fineValues)
            if result == nil || error < result!.error { result = (rounded, percentages, error, digits) }
            if error <= tolerance || error <= unrounded * (1 + 1e-3) { break }
        }
        return result!
    }

    /// The largest |polyline(x) − value| over the fine grid.
    private static func polylineError(
        _ stops: [(input: Double, output: Double)], _ xs: [Double], _ ys: [Double]
    ) -> Double {
        var worst = 0.0
        var segment = 1
        for (x, y) in zip(xs, ys) {
            while segment < stops.count - 1 && stops[segment].input < x { segment += 1 }
            let (a, b) = (stops[segment - 1], stops[segment])
            let fraction = b.input > a.input ? (x - a.input) / (b.input - a.input) : 1
            worst = max(worst, abs(a.output + fraction * (b.output - a.output) - y))
        }
        return worst
    }

    /// The same approximation with other stops (the polyline of these stops re-mapped onto a
    /// shorter interval, say), printed with 17 significant digits so the printed polyline is
    /// these stops exactly; ``maxError`` is kept.
    public func replacingStops(_ newStops: [(input: Double, output: Double)]) -> CSSLinearEasing {
        var copy = self
        copy.stops = newStops
        copy.percentages = newStops.map { $0.input * 100 }
        copy.digits = 17
        return copy
    }

    /// The output at input progress `x` ∈ [0, 1] of the printed stops, as CSS Easing 2 evaluates
    /// `linear()`: straight lines between stops (0 before the first, 1 after the last).
    public func value(at x: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return x }
        if x <= first.input { return first.output }
        if x >= last.input { return last.output }
        var lo = 0, hi = stops.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if stops[mid].input <= x { lo = mid } else { hi = mid }
        }
        let (a, b) = (stops[lo], stops[hi])
        return b.input > a.input ? a.output + (x - a.input) / (b.input - a.input) * (b.output - a.output) : b.output
    }

    /// `linear(0, 0.25 10%, …, 1)`, the numbers exactly as measured.
    public var description: String {
        let parts = stops.enumerated().map { index, stop -> String in
            let output = DecimalText.significant(stop.output, digits: digits)
            if index == 0 || index == stops.count - 1 { return output }
            return "\(output) \(DecimalText.significant(percentages[index], digits: digits))%"
        }
        return "linear(\(parts.joined(separator: ", ")))"
    }
}
