/// A CSS `linear()` easing function: stops (progress, output) joined by straight lines.
public struct CSSLinearEasing: Sendable, Hashable, CustomStringConvertible {
    /// (input progress, output progress) pairs, input increasing from 0 to 1.
    public var stops: [(input: Double, output: Double)]
    /// The largest distance between the easing and the curve it approximates, in output units,
    /// measured on the grid used to build it.
    public var maxError: Double

    public static func == (a: Self, b: Self) -> Bool {
        a.maxError == b.maxError && a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.input == $1.input && $0.output == $1.output }
    }

    public func hash(into hasher: inout Hasher) {
        for stop in stops { hasher.combine(stop.input); hasher.combine(stop.output) }
    }

    /// The fewest stops whose polyline stays within `tolerance` of `curve` on a grid of
    /// `resolution` + 1 points: greedy, each stop extended as far as the chord stays within the
    /// tolerance (optimal for this grid among polylines through grid points of the curve).
    ///
    /// - Complexity: O(resolution²) in the worst case, O(resolution · stops) typically.
    public init(approximating curve: (Double) -> Double, tolerance: Double, resolution: Int = 1000) {
        let n = max(resolution, 2)
        let xs = (0...n).map { Double($0) / Double(n) }
        let ys = xs.map(curve)
        var stops = [(input: 0.0, output: ys[0])]
        var worst = 0.0
        var start = 0
        while start < n {
            // The farthest end whose chord is within tolerance at every grid point between.
            var end = start + 1
            var endError = 0.0
            var candidate = start + 2
            while candidate <= n {
                let error = CSSLinearEasing.chordError(xs, ys, start, candidate)
                if error > tolerance { break }
                end = candidate
                endError = error
                candidate += 1
            }
            worst = max(worst, endError)
            stops.append((xs[end], ys[end]))
            start = end
        }
        self.stops = stops
        self.maxError = worst
    }

    private static func chordError(_ xs: [Double], _ ys: [Double], _ a: Int, _ b: Int) -> Double {
        var worst = 0.0
        let slope = (ys[b] - ys[a]) / (xs[b] - xs[a])
        for i in (a + 1)..<b {
            worst = max(worst, abs(ys[a] + slope * (xs[i] - xs[a]) - ys[i]))
        }
        return worst
    }

    /// `linear(0, 0.25 10%, …, 1)`.
    public var description: String {
        let parts = stops.enumerated().map { index, stop -> String in
            let output = Code.number(stop.output, digits: 4)
            if index == 0 || index == stops.count - 1 { return output }
            return "\(output) \(Code.number(stop.input * 100, digits: 4))%"
        }
        return "linear(\(parts.joined(separator: ", ")))"
    }
}
