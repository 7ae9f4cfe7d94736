/// One interval of a Lottie motion path, walked as players walk it: the spatial cubic
/// P0 = s0, P1 = s0 + to, P2 = s1 + ti, P3 = s1 (in any number of dimensions), at constant speed
/// along its arc length.
///
/// The arc length is tabulated at ``tablePoints`` equally spaced curve parameters, summing the
/// chords between neighbouring points (lottie-web does the same with fewer points,
/// `bez.buildBezierData`). A progress p ∈ [0, 1] is the distance p·L along the path: the table
/// is searched for that length, the curve parameter interpolated linearly between its two
/// entries and the cubic evaluated there, so the point is on the curve and its distance along it
/// is off by the chord sums' error, O(1/``tablePoints``²) of L.
struct LottieSpatialPath: Sendable, Hashable {
    /// The arc-length table's intervals per keyframe interval.
    static let tablePoints = 1000

    var p0: [Double], p1: [Double], p2: [Double], p3: [Double]
    /// The length along the path at parameter i / ``tablePoints``, for i = 0 … ``tablePoints``.
    private var lengths: [Double]

    init(start: [Double], end: [Double], outTangent: [Double], inTangent: [Double]) {
        p0 = start
        p3 = end
        p1 = zip(start, outTangent).map { $0 + $1 }
        p2 = zip(end, inTangent).map { $0 + $1 }
        var lengths = [0.0]
        lengths.reserveCapacity(Self.tablePoints + 1)
        var previous = start
        for i in 1...Self.tablePoints {
            let point = Self.cubic(p0, p1, p2, p3, Double(i) / Double(Self.tablePoints))
            var squared = 0.0
            for (a, b) in zip(point, previous) { squared += (a - b) * (a - b) }
            lengths.append(lengths[i - 1] + squared.squareRoot())
            previous = point
        }
        self.lengths = lengths
    }

    /// The path's length (the table's).
    var length: Double { lengths[lengths.count - 1] }

    /// The point at distance `progress`·``length`` along the path; `progress` is clamped to
    /// [0, 1] (an easing that overshoots stops at the path's ends).
    func point(atProgress progress: Double) -> [Double] {
        let p = min(max(progress, 0), 1)
        let target = p * length
        guard length > 0, target > 0 else { return p0 }
        guard target < length else { return p3 }
        // The last table entry at or below the target.
        var (low, high) = (0, lengths.count - 1)
        while high - low > 1 {
            let mid = (low + high) / 2
            if lengths[mid] <= target { low = mid } else { high = mid }
        }
        let piece = lengths[high] - lengths[low]
        let fraction = piece > 0 ? (target - lengths[low]) / piece : 0
        return Self.cubic(p0, p1, p2, p3, (Double(low) + fraction) / Double(Self.tablePoints))
    }

    /// How far a control point may lie off the segment's line, in the file's units, and still
    /// count as on it: After Effects writes tangents with three decimals, which moves an exactly
    /// collinear handle up to 0.0005 per coordinate off the line.
    static let collinearTolerance = 1e-3

    /// Which tangent of the interval from `start` to `end` makes its path curved: nil when the
    /// path is a straight line walked one way, that is when both control points lie on the
    /// segment's line (within ``collinearTolerance``) and between its ends; otherwise the first
    /// tangent, `outTangent` (0) or `inTangent` (1), whose control point does not.
    ///
    /// Players walk a path at constant speed along its length, so a straight interval is the line
    /// eased by the temporal curve alone, exactly what zero tangents give. (With both control
    /// points between the ends the cubic's progress along the line never turns back: its
    /// derivative's Bernstein form is non-negative at every corner of the box of their
    /// positions.) A control point beyond an end folds the path back on itself, and a zero-length
    /// interval with tangents is a loop: both are curved.
    static func curvedTangent(start: [Double], end: [Double], outTangent: [Double], inTangent: [Double]) -> Int? {
        let count = start.count
        let direction = (0..<count).map { end.count == count ? end[$0] - start[$0] : .nan }
        let squaredLength = direction.reduce(0) { $0 + $1 * $1 }
        // Each control point relative to the start.
        let offsets = [outTangent, (0..<min(count, inTangent.count)).map { direction[$0] + inTangent[$0] }]
        for (index, tangent) in [outTangent, inTangent].enumerated() {
            if tangent.allSatisfy({ $0 == 0 }) { continue }
            guard tangent.count >= count, squaredLength > 0, squaredLength.isFinite else { return index }
            let offset = offsets[index]
            let length = squaredLength.squareRoot()
            // Its position along the segment (0 at the start, 1 at the end) and off the line.
            var along = 0.0
            for d in 0..<count { along += offset[d] * direction[d] }
            along /= squaredLength
            var squaredDistance = 0.0
            for d in 0..<count {
                let off = offset[d] - along * direction[d]
                squaredDistance += off * off
            }
            let slack = collinearTolerance / length
            guard along >= -slack, along <= 1 + slack,
                  squaredDistance <= collinearTolerance * collinearTolerance else { return index }
        }
        return nil
    }

    /// The cubic bezier through `a`, `b`, `c`, `d` at parameter `s`.
    static func cubic(_ a: [Double], _ b: [Double], _ c: [Double], _ d: [Double], _ s: Double) -> [Double] {
        let r = 1 - s
        let (wa, wb, wc, wd) = (r * r * r, 3 * r * r * s, 3 * r * s * s, s * s * s)
        return a.indices.map { wa * a[$0] + wb * b[$0] + wc * c[$0] + wd * d[$0] }
    }
}
