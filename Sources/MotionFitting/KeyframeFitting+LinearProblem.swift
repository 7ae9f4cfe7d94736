import Dispatch
import MotionIO
import MotionKeyframes
import MotionLinearAlgebra

extension KeyframeFitting {
    // MARK: The linear problem

    static func fitRelative(_ recording: Recording, times: [Double], ends: [Double], summary: ValueSummary? = nil) throws(FitError) -> KeyframeFit {
        let (parameters, factor) = try solveWithFactor(times: times, values: recording.values, ends: ends, largest: summary?.largest)
        var fit = makeFit(recording, startTime: recording.times[0], ends: ends, parameters: parameters, summary: summary)
        fit.standardErrors = standardErrors(factor: factor, quality: fit.quality)
        return fit
    }

    /// √(σ²·diag((AᵀA)⁻¹)) with σ² = SSE/(n − k − 1): one banded solve per unknown.
    static func standardErrors(factor: BandedCholesky, quality: FitQuality) -> [Double]? {
        let unknowns = factor.order
        let dof = quality.count - unknowns
        guard dof > 0 else { return nil }
        let sigma2 = quality.rmse * quality.rmse * Double(quality.count) / Double(dof)
        var errors: [Double] = []
        for j in 0..<unknowns {
            var unit = [Double](repeating: 0, count: unknowns)
            unit[j] = 1
            guard let column = try? factor.solve(unit) else { return nil }
            errors.append((sigma2 * max(column[j], 0)).squareRoot())
        }
        return errors
    }

    /// The fit with parameters `p` on keyframe ends `ends` (relative to `t0`), with its quality
    /// on the whole recording, measured in the same sweep that evaluates the track.
    static func makeFit(
        _ recording: Recording, startTime t0: Double, ends: [Double], parameters p: [Double], summary: ValueSummary? = nil
    ) -> KeyframeFit {
        var keyframes: [CubicKeyframe<Double>] = []
        var start = 0.0
        for (i, e) in ends.enumerated() {
            keyframes.append(CubicKeyframe(p[i + 1], duration: e - start))
            start = e
        }
        return KeyframeFit(startTime: t0, initialValue: p[0], keyframes: keyframes, endTimes: ends.map { $0 + t0 },
                           quality: quality(times: recording.times, origin: t0, values: recording.values,
                                            basis: KeyframeBasis(ends: ends), parameters: p, summary: summary))
    }

    /// Values of the track with parameters p at `times` (relative, sorted), in one sweep — two
    /// at once, on halves of the times, for long recordings.
    static func evaluate(times: [Double], ends: [Double], parameters p: [Double]) -> [Double] {
        let basis = KeyframeBasis(ends: ends)
        return [Double](unsafeUninitializedCapacity: times.count) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            _ = inHalves(times.count) { range in
                basis.sweep(times: times, origin: 0, range: range, parameters: p) { i, model in out.initializeElement(at: i, to: model) }
            }
            initialized = times.count
        }
    }

    /// Recordings with at least this many samples are accumulated and evaluated in two halves at
    /// once; the halves are always two and summed in one order, so the result does not depend on
    /// the machine.
    static let parallelSamples = 1 << 16

    /// `body` on 0..<n whole, or, from ``parallelSamples`` on, on its two halves at once; the
    /// results in the order of the ranges.
    static func inHalves<Result>(_ n: Int, _ body: (Range<Int>) -> Result) -> [Result] {
        guard n >= parallelSamples else { return [body(0..<n)] }
        let middle = n / 2
        var results: [Result?] = [nil, nil]
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    slots[half] = body(half == 0 ? 0..<middle : middle..<n)
                }
            }
        }
        return results.map { $0! }
    }

    /// A power of two near the largest |value| (1 when there is none), and its reciprocal when
    /// that is a double: dividing by it and multiplying by the reciprocal then round alike.
    struct ValueUnit {
        let unit: Double
        let reciprocal: Double?

        init(largest: Double) {
            unit = largest.isFinite && largest > 0 ? Double(sign: .plus, exponent: largest.exponent, significand: 1) : 1
            let r = 1 / unit
            reciprocal = r.isFinite ? r : nil
        }

        @inline(__always)
        func scaled(_ v: Double) -> Double {
            if let reciprocal { v * reciprocal } else { v / unit }
        }
    }

    /// AᵀA (band) and Aᵀy for the samples at `times − origin` (sorted) with values `values`
    /// scaled by `unit`, in two halves at once for long recordings; with `parameters`, only the
    /// right-hand side Aᵀr of the residuals r = values/unit − model(p) is meaningful.
    static func normalEquations(
        times: [Double], origin: Double, values: [Double], unit: ValueUnit, basis: KeyframeBasis, parameters p: [Double]? = nil
    ) -> (band: [Double], rhs: [Double]) {
        var halves = inHalves(times.count) { range in
            var equations = NormalEquations(basis: basis)
            equations.add(times: times, origin: origin, values: values, unit: unit, range: range, parameters: p)
            return equations
        }
        var first = halves.removeFirst()
        if var second = halves.first { first.absorb(&second) }
        return first.system()
    }

    /// The least-squares parameters p₀…p_K for keyframe ends `ends` (relative to `origin`, as
    /// the times are once `origin` is subtracted).
    static func solve(times: [Double], origin: Double = 0, values: [Double], ends: [Double]) throws(FitError) -> [Double] {
        try solveWithFactor(times: times, origin: origin, values: values, ends: ends).parameters
    }

    static func solveWithFactor(
        times: [Double], origin: Double = 0, values: [Double], ends: [Double], largest known: Double? = nil
    ) throws(FitError) -> (parameters: [Double], factor: BandedCholesky) {
        // The fit is linear in the values: solve in units of a power of two near the largest
        // |value| (an exact scaling), so sums of squares neither overflow nor underflow.
        let largest = known ?? ValueSummary.largest(values)
        let unit = ValueUnit(largest: largest)
        let basis = KeyframeBasis(ends: ends)
        let system = normalEquations(times: times, origin: origin, values: values, unit: unit, basis: basis)
        let factor: BandedCholesky
        do {
            factor = try BandedCholesky(band: system.band, bandwidth: 3, order: ends.count + 1)
        } catch {
            throw FitError(underdeterminedMessage(error, times: times, origin: origin, ends: ends))
        }
        var p: [Double]
        do { p = try factor.solve(system.rhs) } catch { throw FitError("the keyframe system could not be solved: \(error)") }
        // One step of iterative refinement: solve for the correction from the true residual.
        let residual = normalEquations(times: times, origin: origin, values: values, unit: unit, basis: basis, parameters: p).rhs
        if let correction = try? factor.solve(residual) {
            for j in p.indices { p[j] += correction[j] }
        }
        p = p.map { $0 * unit.unit }
        if let i = p.firstIndex(where: { !$0.isFinite }) {
            throw FitError("keyframe value \(i) of the least-squares fit is beyond the range of a double (the values reach \(largest)); rescale the values")
        }
        return (p, factor)
    }

    private static func underdeterminedMessage(_ error: LAPACKError, times: [Double], origin: Double, ends: [Double]) -> String {
        var counts = [Int](repeating: 0, count: ends.count)
        var segment = 0
        for t in times {
            while segment < ends.count && ends[segment] < t - origin { segment += 1 }
            if segment < ends.count { counts[segment] += 1 }
        }
        if let empty = counts.firstIndex(where: { $0 == 0 }) {
            return "keyframe \(empty + 1) (ending at \(ends[empty]) s after the first sample) covers no samples, so its value is not determined; use fewer keyframes or other times"
        }
        return "the keyframe values are not determined by the samples (\(error)); use fewer keyframes"
    }
}
