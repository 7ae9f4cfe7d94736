import MotionCurves
import MotionExports
import MotionJSON
import MotionNumerics
import MotionKeyframes

/// A Lottie property whose keyframes carry non-zero spatial tangents (a curved motion path),
/// fitted with straight-line keyframes: what `approximate` imports in place of an error.
///
/// Each moving interval is the spatial cubic of ``LottieSpatialPath`` walked at constant speed,
/// its temporal easing (`o`/`i`) giving the progress along it; it is sampled at
/// ``samplesPerFrame`` points per frame (and at every keyframe), and the samples of all
/// dimensions are joined by the fewest shared straight-line keyframes (`ChordBaking`) within
/// the tolerance — by default 0.1 % of the motion's extent (the diagonal of the box its samples
/// span), the same for every dimension, so a dimension that stays constant is not held to zero. Holds and jumps
/// stay exact (a constant stretch and a move).
struct LottieCurvedPath: Sendable {
    /// Samples per frame of the file's frame rate.
    static let samplesPerFrame = 8
    /// The most samples of a whole path (over eight minutes of curved motion at 60 fps), which
    /// bounds the import's memory and time.
    static let maximumSamples = 250_000
    /// The most samples one straight-line keyframe spans, which bounds the fitting's cost on
    /// long straight stretches (4096 samples is 8.5 s at 60 fps).
    static let maximumSpan = 4096

    /// The property's JSON path, for errors and the note.
    var path: String
    var frameRate: Double
    /// Keyframe times (s), values (every dimension, as in the file), holds, the easing toward the
    /// next keyframe (shared by the dimensions) and the spatial tangents `to`/`ti`.
    var times: [Double]
    var points: [[Double]]
    var holds: [Bool]
    var easings: [(Double, Double, Double, Double)?]
    var tangents: [(out: [Double]?, in: [Double]?)]

    /// A stretch of the timeline: sampled motion, or a constant stretch of `duration` then a
    /// move to keyframe `to`'s value.
    private enum Piece {
        case samples(times: [Double], points: [[Double]])
        case still(duration: Double, to: Int)
    }

    /// Dimension `dimension` of the fitted path, values multiplied by `scale`; `tolerance` in
    /// those units (nil: 0.1 % of the motion's extent).
    func track(dimension: Int, scale: Double, tolerance: Double?) throws(PathError) -> LottieProperty.Track {
        let count = points[0].count
        let pieces = try self.pieces(dimensions: count)
        // Every dimension's budget: the tolerance, or 0.1 % of the motion's extent (the diagonal of
        // the box the samples span).
        var low = points[0], high = points[0]
        for case .samples(_, let sampled) in pieces {
            for point in sampled {
                for d in 0..<count { (low[d], high[d]) = (min(low[d], point[d]), max(high[d], point[d])) }
            }
        }
        for point in points { for d in 0..<count { (low[d], high[d]) = (min(low[d], point[d]), max(high[d], point[d])) } }
        // A constant dimension has no range of its own to be relative to.
        let extent = (0..<count).reduce(0.0) { $0 + (high[$1] - low[$1]) * (high[$1] - low[$1]) }.squareRoot()
        let budgets = Array(repeating: tolerance ?? extent * abs(scale) * 1e-3, count: count)
        let initial = points[0][dimension] * scale
        var keyframes: [Keyframe<Double>] = []
        if times[0] > 0 { keyframes.append(.linear(LinearKeyframe(initial, duration: times[0]))) }
        var errors = Array(repeating: 0.0, count: count)
        var fitted = 0
        for piece in pieces {
            switch piece {
            case let .still(duration, to):
                let current = keyframes.last?.to ?? initial
                if duration > 0 { keyframes.append(.linear(LinearKeyframe(current, duration: duration))) }
                let value = points[to][dimension] * scale
                if value != current { keyframes.append(.move(MoveKeyframe(value))) }
            case let .samples(sampleTimes, sampled):
                let columns = (0..<count).map { d in sampled.map { $0[d] * scale } }
                let baking = ChordBaking(times: sampleTimes, columns: columns, budgets: budgets, maximumSpan: Self.maximumSpan)
                keyframes += baking.keyframes(columns[dimension], times: sampleTimes)
                for d in 0..<count { errors[d] = max(errors[d], baking.errors[d]) }
                fitted += baking.kept.count - 1
            }
        }
        let digits = { (xs: [Double]) in xs.map { DecimalText.significant($0, digits: 3) }.joined(separator: ", ") }
        let note = "\(path) is a curved motion path (spatial tangents): sampled along its arc length at \(Self.samplesPerFrame) points per frame and joined by \(fitted) straight-line keyframes within [\(digits(budgets))] per dimension; the largest deviation at a sample is [\(digits(errors))]"
        return LottieProperty.Track(initialValue: initial, keyframes: keyframes,
                                    approximation: (errors[dimension], note))
    }

    /// The timeline's stretches: consecutive moving intervals sampled together, holds and jumps
    /// between them.
    private func pieces(dimensions count: Int) throws(PathError) -> [Piece] {
        var pieces: [Piece] = []
        var runTimes: [Double] = [], runPoints: [[Double]] = []
        // Samples of the runs flushed so far.
        var sampled = 0
        func flush() {
            if runTimes.count > 1 { pieces.append(.samples(times: runTimes, points: runPoints)) }
            sampled += runTimes.count
            (runTimes, runPoints) = ([], [])
        }
        for k in 0..<(times.count - 1) {
            let at = path + ".k[\(k)]"
            let d = times[k + 1] - times[k]
            guard !holds[k], d > 0, let (x1, y1, x2, y2) = easings[k] else {
                flush()
                pieces.append(.still(duration: d, to: k + 1))
                continue
            }
            guard points[k + 1].count == count else {
                throw PathError(path: path + ".k[\(k + 1)].s", message: "has \(points[k + 1].count) values; a motion path needs \(count) in every keyframe, as k[0].s has")
            }
            func tangent(_ value: [Double]?, _ key: String) throws(PathError) -> [Double] {
                guard let value else { return Array(repeating: 0, count: count) }
                guard value.count >= count else {
                    throw PathError(path: at + "." + key, message: "has \(value.count) values; the keyframe's s has \(count)")
                }
                return Array(value.prefix(count))
            }
            let spatial = LottieSpatialPath(start: points[k], end: points[k + 1],
                                            outTangent: try tangent(tangents[k].out, "to"), inTangent: try tangent(tangents[k].in, "ti"))
            guard spatial.length.isFinite else {
                throw PathError(path: at, message: "has a motion path whose length is not a finite number; use smaller values or tangents")
            }
            let easing = UnitCurve.bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
            let wanted = (d * frameRate * Double(Self.samplesPerFrame)).rounded(.up)
            guard wanted <= Double(Self.maximumSamples - runTimes.count - sampled) else {
                throw PathError(path: at, message: "has a curved motion path over \(DecimalText.significant(d * frameRate)) frames; "
                                + "it is sampled \(Self.samplesPerFrame) times a frame, at most \(Self.maximumSamples) samples in all: "
                                + "shorten the motion or lower fr")
            }
            let n = max(1, Int(wanted))
            for i in (runTimes.isEmpty ? 0 : 1)...n {
                let u = Double(i) / Double(n)
                runTimes.append(i == n ? times[k + 1] : times[k] + d * u)
                runPoints.append(i == n ? points[k + 1] : spatial.point(atProgress: easing.value(at: u)))
            }
        }
        flush()
        return pieces
    }
}
