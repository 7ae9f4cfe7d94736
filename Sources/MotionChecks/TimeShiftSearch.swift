/// The time shift that minimises the largest |error| of a recording against a reference.
///
/// The max-error curve of the shift is continuous but not smooth (its argmax jumps between
/// samples) and has several local minima on periodic motion, so it is first sampled on a grid
/// one frame apart (at most ``maximumGridPoints`` points over ±`maxShift`), then the best grid
/// cell and its neighbours are narrowed by golden-section search to 10⁻⁹ s.
enum TimeShiftSearch {
    static let maximumGridPoints = 2001

    /// The shift in [−`maxShift`, `maxShift`] with the smallest `error(shift)`, and that error.
    /// The range is sampled on a grid of at most ``maximumGridPoints``, and so is
    /// ±min(`maxShift`, `near`) — the shifts of the order of the recording's span — so that a
    /// wide range does not spread the points past a narrow optimum.
    static func best(maxShift: Double, step: Double, near: Double, error: (Double) -> Double) -> (shift: Double, error: Double) {
        guard maxShift > 0 else { return (0, error(0)) }
        // Zero is on a grid only by chance: prefer no shift when it is as good.
        var best = (shift: 0.0, error: error(0)), cell = 0.0, finest = Double.infinity
        for range in maxShift > near && near > 0 ? [maxShift, near] : [maxShift] {
            // In floating point: the count of frames over the range can exceed Int's (or be infinite).
            let frames = (2 * range / step).rounded(.up)
            let cells = frames.isNaN ? 2 : Int(min(Double(maximumGridPoints - 1), max(2, frames)))
            let h = 2 * range / Double(cells)
            finest = min(finest, h)
            for k in 0...cells {
                let shift = -range + Double(k) * h
                let e = error(shift)
                if e < best.error { (best, cell) = ((shift, e), h) }
            }
        }
        if cell == 0 { cell = finest }  // no grid point beat no shift: refine around it
        var a = max(-maxShift, best.shift - cell), b = min(maxShift, best.shift + cell)
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = error(c), fd = error(d)
        // To 10⁻⁹ s, or to the resolution of a double where that is coarser.
        while b - a > max(1e-9, 4 * max(abs(a), abs(b)).ulp) {
            if fc < fd { (b, d, fd) = (d, c, fc); c = b - ratio * (b - a); fc = error(c) }
            else { (a, c, fc) = (c, d, fd); d = a + ratio * (b - a); fd = error(d) }
        }
        for candidate in [(c, fc), (d, fd)] where candidate.1 < best.error { best = candidate }
        return best
    }
}
