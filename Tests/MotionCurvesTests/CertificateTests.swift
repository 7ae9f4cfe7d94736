#if arch(x86_64) && !(os(Windows) || os(Android))
@testable import MotionCurves
import MotionNumerics
import Testing

/// The fast path's certificate, checked over its whole claimed domain rather than at the table's
/// (far better) guesses: from random starts t₀ anywhere in an interval and random x in that
/// interval's range, every step that certifies itself must satisfy what the certificate promises,
/// |x(t₁) − x| ≤ x′·ulp(t₁)·(1/2 + 1/32) (the step within ulp/32 of the root as seen through x′,
/// then one rounding) plus the residual's own error, under 2⁻⁵⁸·x. In x, as the certificate is
/// derived: where x′ is tiny the residual's error (a few units of 2⁻⁶⁴·x) moves the root by more
/// than ulp(t)/32 — and by far less than an ulp of x, which is what the contract counts.
@Suite("Fast-path certificate")
struct CertificateTests {
    static let curves: [(Double, Double)] = {
        var random = SplitMix64(seed: 0xCE27_1F1E)
        return hardCurves.map { ($0.0, $0.2) } + (0..<24).map { _ in (random.unit(), random.unit()) }
    }()

    @Test(arguments: curves.indices)
    func certifiedStepsLandNextToTheRoot(_ index: Int) throws {
        let (x1, x2) = Self.curves[index]
        let curve = try CubicBezier(x1: x1, y1: 0, x2: x2, y2: 1)
        var random = SplitMix64(seed: UInt64(index) &+ 0xB0B)
        let n = CubicBezier.intervals, stride = CubicBezier.stride
        var certified = 0, attempted = 0, failures = 0
        curve.table.withUnsafeBufferPointer { table in
            for k in 0..<n {
                let base = stride * k
                let lo = table[base], hi = table[base + stride], bound = table[base + 4]
                guard bound > 0 else { continue }
                #expect(bound.isFinite && lo > 0, "interval \(k): bound \(bound) from t = \(lo)")
                let xLo = Double(k) / Double(n), xHi = Double(k + 1) / Double(n)
                for sample in 0..<12 {
                    // Starts at the ends too, and residuals at the bound's edge.
                    let t0 = sample == 0 ? lo : sample == 1 ? hi : lo + (hi - lo) * random.unit()
                    let edge = sample % 3 == 2 ? (random.unit() < 0.5 ? -1.0 : 1.0) : 2 * random.unit() - 1
                    let x = Swift.min(Swift.max(Double(preciseX(curve, t0)) + edge * bound, xLo), xHi)
                    guard x > 0, x < 1 else { continue }
                    attempted += 1
                    let step = curve.chebyshevStep(x, from: t0, row: base, table)
                    guard step.certified else { continue }
                    certified += 1
                    let t = step.t, value = preciseX(curve, t)
                    // x′·ulp(t) on the side of t where the root is.
                    let gap = value < Float80(x) ? preciseX(curve, t.nextUp) - value : value - preciseX(curve, t.nextDown)
                    let miss = abs(value - Float80(x))
                    if miss > gap * (0.5 + 1.0 / 32) + Float80(0x1p-58 * x) {
                        failures += 1
                        if failures <= 5 {
                            Issue.record("""
                                \(curve), interval \(k): t₀ = \(t0), x = \(x) → \(t); |x(t) − x| = \(miss / Float80(x.ulp)) \
                                ulp(x), \(miss / gap) of x′·ulp(t)
                                """)
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
        // The bound is not vacuous: most random starts within it certify themselves.
        #expect(attempted == 0 || Double(certified) >= 0.5 * Double(attempted),
                "\(certified) of \(attempted) certified for \(curve)")
    }

    /// On ordinary curves nearly every interval has a bound (all but the first, which is left to
    /// the step-by-step test because the bound is relative to t).
    @Test(arguments: [(0.25, 0.1, 0.25, 1.0), (0.42, 0, 0.58, 1), (0.68, -0.6, 0.32, 1.6), (0.34, 1.56, 0.64, 1)])
    func boundsCoverOrdinaryCurves(_ c: (Double, Double, Double, Double)) throws {
        let curve = try CubicBezier(x1: c.0, y1: c.1, x2: c.2, y2: c.3)
        let bounds = (0..<CubicBezier.intervals).map { curve.table[CubicBezier.stride * $0 + 4] }
        #expect(bounds.dropFirst().allSatisfy { $0 > 1e-9 }, "\(curve): \(bounds.prefix(4))")
    }
}

/// x(t) in x87 extended precision, Bernstein form (all terms non-negative, 1 − t exact): a few
/// units of 2⁻⁶⁴ relative.
private func preciseX(_ c: CubicBezier, _ t: Double) -> Float80 {
    let wt = Float80(t), s = 1 - wt
    return 3 * Float80(c.x1) * wt * s * s + 3 * Float80(c.x2) * wt * wt * s + wt * wt * wt
}

#endif
