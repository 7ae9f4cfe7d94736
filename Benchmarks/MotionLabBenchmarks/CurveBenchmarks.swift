import BenchmarkReference
import MotionLab
@_spi(Diagnostics) import MotionCurves

/// Timing curves: MotionLab's exact bezier inverse against the browsers' solver (Chromium/WebKit
/// UnitBezier algorithm in C, -O2, epsilon 1e-7) on the same curves and inputs.
enum CurveBenchmarks {
    static func run() -> [BenchmarkResult] {
        let workload = Workload()
        return [solve(workload), perCall(workload), batch(workload)]
    }

    /// The named curves of SwiftUI and CSS, two overshooting ones, and random ones.
    struct Workload {
        var curves: [(CubicBezier, ml_browser_bezier)] = []
        var inputs: [Double] = []
        let perCurve = 100_000

        init() {
            var random = LinearCongruential(seed: 7)
            var points: [(Double, Double, Double, Double)] = [
                (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1),
                (0.68, -0.6, 0.32, 1.6), (0.34, 1.56, 0.64, 1),
            ]
            for _ in 0..<4 {
                points.append((random.next(), random.next() * 3 - 1, random.next(), random.next() * 3 - 1))
            }
            for (x1, y1, x2, y2) in points {
                var reference = ml_browser_bezier()
                ml_browser_bezier_init(&reference, x1, y1, x2, y2)
                curves.append((try! CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2), reference))
            }
            inputs = (0..<perCurve).map { _ in random.next() }
        }

        var solves: Int { curves.count * perCurve }
    }

    /// The inverse alone, x ↦ t, one call per solve: the target (full precision against the
    /// browsers' ε = 1e-7). The loops are written out here and in ``perCall(_:)`` on purpose: with
    /// the calls passed as closures to a shared helper, the compiler kept them as indirect calls.
    static func solve(_ w: Workload) -> BenchmarkResult {
        let subject = measure(units: w.solves) {
            var sum = 0.0
            for (curve, _) in w.curves {
                for x in w.inputs { sum += curve.solveT(forX: x) }
            }
            blackHole(sum)
        }
        let reference = measure(units: w.solves) {
            var sum = 0.0
            for (_, c) in w.curves {
                var c = c
                for x in w.inputs { sum += ml_browser_bezier_solve_t(&c, x, ML_BROWSER_BEZIER_EPSILON) }
            }
            blackHole(sum)
        }
        return BenchmarkResult(
            name: "Bezier solve x ↦ t, one call per solve, \(w.curves.count) curves × \(w.perCurve) random x",
            subject: "CubicBezier.solveT(forX:) to full precision",
            reference: "browsers' solver (Chromium UnitBezier) at ε = 1e-7",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("solves that needed more than the one certified step", fallbackShare(w))])
    }

    /// The share of solves (or, with `values`, of y values) that left the fast path (table
    /// guess and one certified step), on average over the curves and on the curve with most.
    static func fallbackShare(_ w: Workload, values: Bool = false) -> String {
        var worst = (share: 0.0, name: "")
        var total = 0.0
        for (curve, _) in w.curves {
            let share = 1 - (values ? curve.fastValueShare(forX: w.inputs) : curve.fastPathShare(forX: w.inputs))
            total += share
            if share > worst.share { worst = (share, curve.description) }
        }
        let most = worst.share > 0 ? "\(worst.name), \(format(100 * worst.share)) %" : "none"
        return "\(format(100 * total / Double(w.curves.count))) % (most: \(most))"
    }

    /// One call per solve, y = f(x), as an animation engine calls it each frame.
    static func perCall(_ w: Workload) -> BenchmarkResult {
        let subject = measure(units: w.solves) {
            var sum = 0.0
            for (curve, _) in w.curves {
                for x in w.inputs { sum += curve.y(forX: x) }
            }
            blackHole(sum)
        }
        let reference = measure(units: w.solves) {
            var sum = 0.0
            for (_, c) in w.curves {
                var c = c
                for x in w.inputs { sum += ml_browser_bezier_value(&c, x, ML_BROWSER_BEZIER_EPSILON) }
            }
            blackHole(sum)
        }
        // Construction solves the curve at 127 table nodes; amortised after a few hundred calls.
        let (x1, y1, x2, y2) = (w.curves[1].0.x1, w.curves[1].0.y1, w.curves[1].0.x2, w.curves[1].0.y2)
        let construction = measure(units: 1000) {
            for k in 0..<1000 { blackHole(try! CubicBezier(x1: x1, y1: y1 + Double(k) * 1e-9, x2: x2, y2: y2)) }
        }
        return BenchmarkResult(
            name: "Bezier y(x), one call per solve, \(w.curves.count) curves × \(w.perCurve) random x",
            subject: "CubicBezier.y(forX:) to full precision",
            reference: "browsers' solver (Chromium UnitBezier) at ε = 1e-7",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: accuracy(w) + [("construction of a CubicBezier", "\(format(construction / 1000)) µs"),
                                  ("values that left the fast path", fallbackShare(w, values: true))])
    }

    /// Whole arrays, the CLI's and the fitter's path; sorted input is timed too.
    static func batch(_ w: Workload) -> BenchmarkResult {
        var output = [Double](repeating: 0, count: w.perCurve)
        let sorted = w.inputs.sorted()
        let subject = measure(units: w.solves) {
            for (curve, _) in w.curves { output = curve.y(forX: w.inputs) }
            blackHole(output[0])
        }
        let subjectSorted = measure(units: w.solves) {
            for (curve, _) in w.curves { output = curve.y(forX: sorted) }
            blackHole(output[0])
        }
        let reference = measure(units: w.solves) {
            for (_, c) in w.curves {
                var c = c
                w.inputs.withUnsafeBufferPointer { xs in
                    output.withUnsafeMutableBufferPointer { ys in
                        ml_browser_bezier_values(&c, xs.baseAddress, ys.baseAddress, w.perCurve, ML_BROWSER_BEZIER_EPSILON)
                    }
                }
            }
            blackHole(output[0])
        }
        let solveOnly = measure(units: w.solves) {
            for (curve, _) in w.curves { curve.solveT(forX: w.inputs, into: &output) }
            blackHole(output[0])
        }
        return BenchmarkResult(
            name: "Bezier y(x), batches of \(w.perCurve) random x",
            subject: "CubicBezier.y(forX: [Double])",
            reference: "C loop over the browsers' solver at ε = 1e-7",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("sorted input", "\(format(subjectSorted)) ns per solve"),
                    ("t only (solveT(forX:into:))", "\(format(solveOnly)) ns per solve")])
    }

    /// Worst |x(t) − x| in ulps of x and worst |y − y*| against long double, on every 10th input.
    static func accuracy(_ w: Workload) -> [(String, String)] {
        var worstULPs = (subject: 0.0, reference: 0.0)
        var worstY = (subject: 0.0, reference: 0.0)
        for (curve, c) in w.curves {
            var c = c
            for x in stride(from: 0, to: w.inputs.count, by: 10).map({ w.inputs[$0] }) {
                let ulp = x.ulp
                let t = curve.solveT(forX: x)
                let tReference = ml_browser_bezier_solve_t(&c, x, ML_BROWSER_BEZIER_EPSILON)
                let residual = Double(abs(ml_bezier_x_long_double(curve.x1, curve.x2, t) - Float80(x)))
                let residualReference = Double(abs(ml_bezier_x_long_double(curve.x1, curve.x2, tReference) - Float80(x)))
                worstULPs.subject = max(worstULPs.subject, residual / ulp)
                worstULPs.reference = max(worstULPs.reference, residualReference / ulp)
                let exact = ml_bezier_y_for_x_long_double(curve.x1, curve.y1, curve.x2, curve.y2, x)
                worstY.subject = max(worstY.subject, Double(abs(Float80(curve.y(forX: x)) - exact)))
                worstY.reference = max(worstY.reference,
                                       Double(abs(Float80(ml_browser_bezier_value(&c, x, ML_BROWSER_BEZIER_EPSILON)) - exact)))
            }
        }
        return [
            ("worst |x(t) − x| (long double), MotionLab", "\(format(worstULPs.subject)) ulp(x)"),
            ("worst |x(t) − x| (long double), browsers", "\(format(worstULPs.reference)) ulp(x)"),
            ("worst |y − y*| (long double bisection), MotionLab", format(worstY.subject)),
            ("worst |y − y*| (long double bisection), browsers", format(worstY.reference)),
        ]
    }
}

/// A tiny deterministic generator (Knuth's MMIX constants), uniform in [0, 1).
private struct LinearCongruential {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53
    }
}
