import MotionJSON

/// One keyframe of an animated Lottie property, in seconds and timeline units: its value, and how
/// the interval that starts at it moves (`nil` for the last keyframe).
struct LottieKeyframe: Sendable, Hashable {
    /// How the value moves to the next keyframe.
    enum Easing: Sendable, Hashable {
        /// `o` = (x1, y1), `i` = (x2, y2): the interval's `cubic-bezier(x1, y1, x2, y2)`.
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
        /// `h: 1`: the value stays until the next keyframe's time, then takes its value.
        case hold

        static let linear = Easing.bezier(x1: 0, y1: 0, x2: 1, y2: 1)
    }

    var time: Double
    var value: Double
    var easing: Easing?

    /// The keyframes of an exported track: a segment per interval (its easing exactly), a
    /// constant segment as a hold, a jump as a zero-length hold followed by a second keyframe at
    /// the same time (Lottie players take the later one), `linear()` stops as baked linear
    /// keyframes. A jump at 0 replaces the initial value; a jump after a hold is the next keyframe.
    static func keyframes(of track: EasedTrack) -> [LottieKeyframe] {
        var out = [LottieKeyframe(time: 0, value: track.initialValue, easing: nil)]
        func endAt(_ time: Double, _ value: Double) {
            out.append(LottieKeyframe(time: time, value: value, easing: nil))
        }
        for segment in track.segments {
            let last = out.count - 1
            switch segment.easing {
            case .jump:
                if last == 0 && out[last].time == segment.startTime || last > 0 && out[last - 1].easing == .hold {
                    out[last].value = segment.to
                } else {
                    out[last].easing = .hold
                    endAt(segment.startTime, segment.to)
                }
            case .hold:
                out[last].easing = .hold
                endAt(segment.endTime, segment.to)
            case .linear:
                out[last].easing = .linear
                endAt(segment.endTime, segment.to)
            case let .cubicBezier(x1, y1, x2, y2):
                out[last].easing = .bezier(x1: x1, y1: y1, x2: x2, y2: y2)
                endAt(segment.endTime, segment.to)
            case .stops(let stops):
                // Straight lines between the stops: each stop is a linear keyframe.
                for stop in stops.stops.dropFirst() {
                    let time = segment.startTime + stop.input * segment.duration
                    let value = segment.from + (segment.to - segment.from) * stop.output
                    let previous = out.count - 1
                    out[previous].easing = time > out[previous].time ? .linear : .hold
                    if stop.input >= 1 { endAt(segment.endTime, segment.to) } else { endAt(time, value) }
                }
            }
        }
        // A hold on the last keyframe means nothing: the last value stays anyway.
        out[out.count - 1].easing = nil
        return out
    }

    /// The keyframe as Lottie JSON: `t` in frames, `s` with `dimensions` copies of the value
    /// times `scale`, `o`/`i` with one entry per dimension, `h: 1` for a hold.
    func json(frame: Double, dimensions: Int, scale: Double) -> JSONValue {
        let repeated = { (x: Double) in JSONValue.array(Array(repeating: .number(x), count: dimensions)) }
        var pairs: [(String, JSONValue)] = [("t", .number(frame)), ("s", repeated(value * scale))]
        switch easing {
        case nil: break
        case .hold?: pairs.append(("h", .integer(1)))
        case let .bezier(x1, y1, x2, y2)?:
            pairs.append(("o", .object([("x", repeated(x1)), ("y", repeated(y1))])))
            pairs.append(("i", .object([("x", repeated(x2)), ("y", repeated(y2))])))
        }
        return .object(pairs)
    }
}
