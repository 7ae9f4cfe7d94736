/// The time shift that minimises the largest |error| of a recording against a reference.
///
/// The max-error curve of the shift is continuous but not smooth (its argmax jumps between
/// samples) and has several local minima on periodic motion, so it is first sampled on a grid
/// one frame apart (at most ``maximumGridPoints`` points over ±`maxShift`), then the best grid
/// cell and its neighbours are narrowed by golden-section search to 10⁻⁹ s.
enum TimeShiftSearch {
    static let maximumGridPoints = 2001

    /// The shift in [−`maxShift`, `maxShift`] with the smallest `error(shift)`, and that error.
    static func best(maxShift: Double, step: Double, error: (Double) -> Double) -> (shift: Double, error: Double) {
        guard maxShift > 0 else { return (0, error(0)) }
        // In floating point: the count of frames over the range can exceed Int's (or be infinite).
        let frames = (2 * maxShift / step).rounded(.up)
        let cells = frames.isNaN ? 2 : Int(min(Double(maximumGridPoints - 1), max(2, frames)))
        let h = 2 * maxShift / Double(cells)
        var bestIndex = 0, bestError = Double.infinity
        for k in 0...cells {
            let e = error(-maxShift + Double(k) * h)
            if e < bestError { (bestIndex, bestError) = (k, e) }
        }
        // Zero is on the grid only by chance: prefer no shift when it is as good.
        let atZero = error(0)
        var best = (shift: -maxShift + Double(bestIndex) * h, error: bestError)
        if atZero <= bestError { best = (0, atZero) }
        var a = max(-maxShift, best.shift - h), b = min(maxShift, best.shift + h)
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = error(c), fd = error(d)
        while b - a > 1e-9 {
            if fc < fd { (b, d, fd) = (d, c, fc); c = b - ratio * (b - a); fc = error(c) }
            else { (a, c, fc) = (c, d, fd); d = a + ratio * (b - a); fd = error(d) }
        }
        for candidate in [(c, fc), (d, fd)] where candidate.1 < best.error { best = candidate }
        return best
    }
}
