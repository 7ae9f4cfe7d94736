import MotionKeyframes
import MotionSprings
import PropertyBased
import Testing

/// `KeyframePath.values(atSorted:)` against `value(at:)` one time at a time (a binary search per
/// time): the same numbers to the bit, for random tracks of every kind and the times users pass —
/// sorted grids, idle prefixes before 0, times past the end, repeated times, NaN and runs that go
/// back in time.
@Suite("Keyframes: the sorted sweep")
struct SortedSweepPropertyTests {
    private static func keyframe(_ s: [Double]) -> Keyframe<Double> {
        let to = -10 + 20 * s[1], duration = 0.05 + 0.95 * s[2]
        switch Int(s[0] * 4) {
        case 0: return .move(MoveKeyframe(to))
        case 1: return .linear(LinearKeyframe(to, duration: duration, timingCurve: s[3] < 0.5 ? .easeInOut : .linear))
        case 2: return .cubic(CubicKeyframe(to, duration: duration, startVelocity: s[3] < 0.25 ? 40 * s[4] - 20 : nil))
        default: return .spring(SpringKeyframe(to, duration: duration, spring: Spring(duration: 0.2 + 0.6 * s[3], bounce: -0.5 + s[4])))
        }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    @Test func sweepEqualsOneTimeAtATime() async {
        let specs = Gen.double(in: 0...1).array(of: 5).array(of: 0...12)
        let draws = Gen.double(in: -0.2...1.2).array(of: 0...300)
        await propertyCheck(count: 300, input: specs, draws, Gen.double(in: -5...5)) { specs, draws, initial in
            let path = TimelineDocument.Track(nil, keyframes: specs.map(Self.keyframe)).path(from: initial)
            let span = max(path.duration, 0.1)
            // Sorted in runs, with a jump back every so often, a repeated time and NaN mixed in.
            var times: [Double] = []
            for (n, d) in draws.enumerated() {
                let t = n % 97 == 50 ? Double.nan : (n % 41 == 40 ? times.last ?? 0 : d * span)
                times.append(t)
            }
            times = times.enumerated().map { $0.offset % 60 < 50 ? $0.element : -$0.element }
            let runs = stride(from: 0, to: times.count, by: 60).flatMap { start in
                times[start..<min(start + 60, times.count)].sorted { $0 < $1 || $1.isNaN }
            }
            for input in [runs, times, times.sorted { $0 < $1 || $1.isNaN }] {
                let swept = path.values(atSorted: input)
                #expect(swept.count == input.count)
                for (t, value) in zip(input, swept) where !Self.same(value, path.value(at: t)) {
                    Issue.record("t = \(t): sweep \(value), value(at:) \(path.value(at: t))")
                }
            }
        }
    }

    @Test func emptyAndOutsideTimes() {
        let path = TimelineDocument.Track(nil, keyframes: [.cubic(CubicKeyframe(4.0, duration: 1))]).path(from: 2)
        #expect(path.values(atSorted: []).isEmpty)
        // Before 0 and NaN: the initial value; past the end: the end value (a cubic ends on `to`).
        let outside = path.values(atSorted: [-1, .nan, 2, 3])
        #expect(outside == [2, 2, 4, 4])
    }
}
