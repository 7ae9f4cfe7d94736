import Foundation
import MotionFitting
import MotionIO
import Testing

/// Issue 27, item 7: a timing-curve fit of an ease-out — CSS `ease-out`, cubic-bezier(0, 0, 0.58, 1),
/// whose first control point sits on its start — with 0.06 px of noise on a 300 px move at 60 Hz,
/// rest recorded before and after. The truth is the closed form of ``MotionCurvesTruth`` (bisection
/// on x(s)), the noise a seeded Box–Muller stream; nothing here comes from the fit.
@Suite("Timing-curve fits: honest standard errors")
struct BezierUncertaintyTests {
    static let easeOut = [0.0, 0.0, 0.58, 1.0]

    /// A capture of the ease-out from `start` over `duration`, 0 → 300 px, `idle` seconds of rest
    /// before and after, at 60 Hz, with σ = 0.06 px of noise from `seed`.
    static func capture(seed: UInt64, start: Double = 0.2, duration: Double = 0.3, idle: Double = 0.2, origin: Double = 0) -> Recording {
        let times = TrimmedCaptureTests.grid(from: 0, to: start + duration + idle, hz: 60).map { $0 + origin }
        var random = GaussianNoise(seed: seed)
        let values = times.map { t in
            TrimmedCaptureTests.bezierValue(easeOut, t, start: start + origin, duration: duration, from: 0, to: 300) + 0.06 * random.next()
        }
        return Recording(times: times, values: values)
    }

    static func error(_ fit: BezierFit, _ name: String) -> Double? {
        fit.standardErrors?.first { $0.name == name }?.value
    }

    /// The issue's case (start 0.2 s, duration 0.3 s): every fit reports standard errors for every
    /// parameter — the linearised ones were missing on five of these six seeds — and its control
    /// points, start and duration lie within 3 of them of the truth. A fit whose standard errors exceed the
    /// thresholds (0.05 for a control point, 5 % of the duration) warns and names them.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func easeOutWithNoise(seed: UInt64) throws {
        let fit = try BezierFitting.fit(Self.capture(seed: seed))
        let label = "seed \(seed): \(fit.controlPoints) from \(fit.startTime) over \(fit.duration); \(fit.standardErrors.map { "\($0)" } ?? "nil"); \(fit.warnings)"
        let errors = try #require(fit.standardErrors, "\(label)")
        #expect(errors.map(\.name) == ["x1", "y1", "x2", "y2", "startTime", "duration", "from", "to"], "\(label)")
        #expect(errors.allSatisfy { $0.value.isFinite && $0.value > 0 }, "\(label)")
        let start = try #require(Self.error(fit, "startTime")), duration = try #require(Self.error(fit, "duration"))
        #expect(abs(fit.startTime - 0.2) <= 3 * start, "\(label)")
        #expect(abs(fit.duration - 0.3) <= 3 * duration, "\(label)")
        for (i, name) in ["x1", "y1", "x2", "y2"].enumerated() {
            let se = try #require(Self.error(fit, name))
            #expect(abs(fit.controlPoints[i] - Self.easeOut[i]) <= 3 * se, "\(name): \(label)")
            if se > 0.05 { #expect(fit.warnings.contains { $0.contains("\(name) ±") }, "\(label)") }
        }
    }

    /// Coverage: over 20 noise draws, |fit − truth| ≤ 1.96·SE for the start and for the duration
    /// in at least 34 of the 40 checks (85 %). A calibrated 95 % interval misses 2 of 40 on
    /// average; the binomial probability of 7 or more misses is 0.0034 (scipy.stats.binom.sf(6,
    /// 40, 0.05)), so a calibrated fit fails by chance about once in 300 seeds. The linearised
    /// errors reported before were missing on 64 of 100 such draws and covered the duration in 29
    /// of them. The draws are seeded and the same on every run; the same check over 100 draws
    /// (seeds 1001–1100) covered the duration 97 times and the start 95 times.
    @Test func standardErrorsCoverTheTruth() throws {
        var covered = 0, checks = 0
        for seed in UInt64(101)...120 {
            let fit = try BezierFitting.fit(Self.capture(seed: seed, idle: 0.1))
            let start = try #require(Self.error(fit, "startTime")), duration = try #require(Self.error(fit, "duration"))
            covered += (abs(fit.startTime - 0.2) <= 1.96 * start ? 1 : 0) + (abs(fit.duration - 0.3) <= 1.96 * duration ? 1 : 0)
            checks += 2
        }
        #expect(checks == 40 && covered >= 34, "coverage \(covered) of \(checks) checks")
    }

    /// Translating the recording's clock moves the fitted start by exactly as much and changes
    /// nothing else beyond rounding: the duration and its standard error are the same whether the
    /// capture starts at t = 0, 1 or 1000 s.
    @Test(arguments: [1.0, 1000.0])
    func translatedStartTimes(origin: Double) throws {
        let base = try BezierFitting.fit(Self.capture(seed: 7))
        let moved = try BezierFitting.fit(Self.capture(seed: 7, origin: origin))
        #expect(abs(moved.startTime - origin - base.startTime) <= 1e-6, "\(moved.startTime) vs \(base.startTime)")
        #expect(abs(moved.duration - base.duration) <= 1e-6, "\(moved.duration) vs \(base.duration)")
        let a = try #require(Self.error(base, "duration")), b = try #require(Self.error(moved, "duration"))
        #expect(abs(a - b) <= 0.05 * a, "\(a) vs \(b)")
    }
}
