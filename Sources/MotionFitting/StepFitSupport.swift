import MotionLinearAlgebra
import MotionNumerics
import RealModule

/// Shared machinery of the spring and timing-curve fits: the information criterion, the warnings
/// of an ambiguous choice, standard errors with a noise floor, and the subsample the multi-start
/// search runs on.
enum StepFitSupport {
    /// The samples the starting-guess search works on: all of them up to this many, else an
    /// evenly spaced subset that keeps the first and the last (the boundaries matter).
    static let searchSampleCount = 400

    /// On longer recordings the best start of each model is refined on this many evenly spaced
    /// samples before all of them, so that most iterations cost 4000 samples, not n: from there the
    /// refinement on every sample converges in a few steps.
    static let intermediateSampleCount = 4_000

    static func searchIndices(_ n: Int) -> [Int] {
        evenlySpacedIndices(n, count: searchSampleCount)
    }

    /// All of 0..<n up to `count` of them, else about `count` evenly spaced ones, the first and the
    /// last among them.
    static func evenlySpacedIndices(_ n: Int, count: Int) -> [Int] {
        guard n > count else { return Array(0..<n) }
        let stride = (n + count - 1) / count
        var indices = Array(Swift.stride(from: 0, to: n - 1, by: stride))
        indices.append(n - 1)
        return indices
    }

    /// Levenberg–Marquardt iterations each model gets on every sample, from the optimum of its
    /// search on the subset, before the models are compared: enough to bring a well-specified
    /// model to its optimum and any model within a fraction of a BIC unit of its own.
    static let polishIterations = 6

    /// Models whose score after the first polish lies within this much of the best one's are
    /// minimised to convergence before the choice is final (the chosen one always is). It
    /// exceeds every threshold of ``StepModelSelection`` put together, so no choice and no
    /// warning depends on a model that was left short of its optimum; a model that trails by
    /// more is reported with the residual of its polished, not fully converged, parameters.
    static let refinementMargin = 20.0

    /// Runs `converge` on the chosen model and on every model that scores within
    /// ``refinementMargin`` of it, until the choice is made among converged models only.
    /// `solutions[k]` is model k's polished solution (nil when it failed); `score` is what the
    /// choice minimises; `isConverged` whether a solution met its convergence test; `converge`
    /// continues a minimisation to convergence (nil when it fails).
    ///
    /// On recordings long enough to be refined on an intermediate subset first, `margin` is 0:
    /// every reading has been minimised to convergence on that subset and is scored on all
    /// samples after a short polish, and only the best — until the best is a converged one — is
    /// minimised to convergence on all of them (each iteration there costs the whole recording).
    static func refine<Solution>(
        _ solutions: inout [Solution?], margin: Double = refinementMargin, score: (Int, Solution) -> Double, rss: (Solution) -> Double,
        isConverged: (Solution) -> Bool, converge: (Int, Solution) -> Solution?
    ) {
        var finished = solutions.map { $0.map(isConverged) ?? true }
        while true {
            let scores = solutions.indices.map { k in solutions[k].map { score(k, $0) } ?? .infinity }
            guard let best = scores.min(), best.isFinite else { return }
            let pending = solutions.indices.filter { !finished[$0] && scores[$0] <= best + margin }
            guard !pending.isEmpty else { return }
            for k in pending {
                finished[k] = true
                guard let current = solutions[k], let better = converge(k, current), rss(better) <= rss(current) else { continue }
                solutions[k] = better
            }
        }
    }

    /// n·ln(RSS/n + f²) + k·ln n, RSS and f in the same (normalised) units.
    static func bic(rss: Double, count n: Int, parameters k: Int, floor f: Double) -> Double {
        let m = Double(n)
        return m * Double.log(max(rss, 0) / m + f * f) + Double(k) * Double.log(m)
    }

    /// The standard errors of the columns of `jacobian` (rows: samples, columns: parameters) at a
    /// least-squares optimum with residual sum of squares `rss`: √diag(σ²(JᵀJ)⁻¹), σ² = RSS/(n − k)
    /// but at least `floor`² (a noise-free fit still has rounding-level noise: a parameter the
    /// data does not determine must show up, not hide behind σ = 0). Columns are scaled to unit
    /// norm before the Cholesky factorisation. `nil` when JᵀJ is singular, or when a diagonal
    /// entry of the scaled inverse exceeds `conditionLimit` (there the linearisation says nothing).
    static func covariance(_ jacobian: Matrix, rss: Double, floor: Double, conditionLimit: Double = .infinity) -> (standardErrors: [Double], correlation: Matrix)? {
        let m = jacobian.rows, k = jacobian.columns
        guard m > k, k > 0 else { return nil }
        var norms = [Double](repeating: 0, count: k)
        for c in 0..<k {
            var s = 0.0
            for i in 0..<m { s += jacobian[i, c] * jacobian[i, c] }
            norms[c] = s.squareRoot()
            guard norms[c] > 0, norms[c].isFinite else { return nil }
        }
        var jtj = Matrix(rows: k, columns: k)
        for a in 0..<k {
            for b in a..<k {
                var s = 0.0
                for i in 0..<m { s += jacobian[i, a] * jacobian[i, b] }
                jtj[a, b] = s / (norms[a] * norms[b])
                jtj[b, a] = jtj[a, b]
            }
        }
        // A scaled JᵀJ this close to singular is singular: its inverse would be rounding noise.
        var identity = Matrix(rows: k, columns: k)
        for i in 0..<k { identity[i, i] = 1 }
        guard let inverse = try? LAPACK.solveSymmetricPositiveDefinite(jtj, identity) else { return nil }
        for i in 0..<k where !(inverse[i, i] > 0 && inverse[i, i] <= conditionLimit) { return nil }
        let sigma2 = max(rss / Double(m - k), floor * floor)
        let errors = (0..<k).map { (sigma2 * inverse[$0, $0]).squareRoot() / norms[$0] }
        var correlation = Matrix(rows: k, columns: k)
        for a in 0..<k {
            for b in 0..<k { correlation[a, b] = inverse[a, b] / (inverse[a, a] * inverse[b, b]).squareRoot() }
        }
        return (errors, correlation)
    }

    /// A fitted model ready to be compared.
    struct Scored {
        var candidate: StepModelCandidate
        /// BIC plus any preference handicap (what the choice minimises).
        var score: Double
        var bic: Double
    }

    /// Ranks `models` (BIC already computed, handicaps included in `score`), returns the index of
    /// the chosen one, the selection record and the warnings of an ambiguous choice.
    /// `describe` renders a candidate's reading for a warning.
    static func select(_ models: [Scored], describe: (Int) -> String) -> (chosen: Int, selection: StepModelSelection, warnings: [String]) {
        var chosen = 0
        for i in models.indices where models[i].score < models[chosen].score { chosen = i }
        let best = models[chosen]
        var warnings: [String] = []
        var evidence = Double.infinity
        for i in models.indices where i != chosen {
            let other = models[i].candidate
            let differs = other.startAssumption != best.candidate.startAssumption
                || other.endAssumption != best.candidate.endAssumption
                || other.initialVelocityFitted != best.candidate.initialVelocityFitted
            guard differs else { continue }
            // Plain BIC (no handicap): how much better the data say the chosen reading is.
            let margin = models[i].bic - best.bic
            evidence = min(evidence, margin)
            if margin < StepModelSelection.ambiguityThreshold {
                warnings.append("the data cannot tell the readings apart: \(describe(i)) fits about as well (ΔBIC = \(DecimalText.significant(margin, digits: 2)); chosen: \(describe(chosen)))")
            }
        }
        var candidates = models.map { model -> StepModelCandidate in
            var c = model.candidate
            c.relativeBIC = model.bic - best.bic
            return c
        }
        let chosenCandidate = candidates[chosen]
        candidates.remove(at: chosen)
        candidates.sort { $0.relativeBIC < $1.relativeBIC }
        candidates.insert(chosenCandidate, at: 0)
        return (chosen, StepModelSelection(candidates: candidates, evidence: evidence), warnings)
    }
}
