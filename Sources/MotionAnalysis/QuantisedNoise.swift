import MotionIO

extension StepAnalysis {
    /// The coarsest grid step, as a fraction of the step, that is still taken for the printing
    /// of exact values rather than the quantisation of a capture: values written with enough
    /// decimals to resolve a millionth of the step repeat in a settled tail, but their rounding
    /// moves no metric by more than that.
    public static let quantisationFloor = 1e-6

    /// Whether the recording's values lie on a grid (``QuantisationGrid``) coarser than
    /// ``quantisationFloor`` of the step.
    static func isQuantised(_ values: [Double], step: Double) -> Bool {
        guard let q = QuantisationGrid.step(of: values) else { return false }
        return q >= quantisationFloor * abs(step)
    }

    /// The RMS noise of samples about their noise-free estimate, √(Σ rᵢ² / (N − tr H)), with the
    /// residuals rᵢ = yᵢ − z(xᵢ) taken at every sample (on the estimate's shape-preserving
    /// interpolant when the samples were averaged in groups) and tr H the estimate's effective
    /// number of parameters. On quantised samples this is what a difference estimate cannot
    /// see: the rounding errors where the motion crosses grid levels (q/√12 RMS there) and none
    /// where it holds still on a level, averaged over the recording.
    static func residualNoise(x: [Double], y: [Double], estimate: NoiseFreeEstimate) -> Double {
        var sum = 0.0
        if estimate.x.count == x.count {
            for i in x.indices { let r = y[i] - estimate.values[i]; sum += r * r }
        } else {
            let curve = ShapePreservingCubic(x: estimate.x, y: estimate.values)
            for i in x.indices { let r = y[i] - curve.value(at: x[i]); sum += r * r }
        }
        let residualDegrees = Double(x.count) - estimate.degreesOfFreedom
        guard residualDegrees >= 1 else { return 0 }
        return (sum / residualDegrees).squareRoot()
    }
}
