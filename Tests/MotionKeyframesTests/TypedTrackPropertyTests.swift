import Foundation
import MotionKeyframes
import MotionSprings
import PropertyBased
import Testing

/// The typed engine on a two-component value against two scalar tracks, for random keyframes of
/// every kind: the hand-over rules are linear, so a `CGPoint` track is its two coordinates' tracks.
@Suite("Keyframes: typed tracks")
struct TypedTrackPropertyTests {
    /// y = −2·x + 1 for values, −2·v for velocities: a second track of the same kinds and durations.
    private static func mirrored(_ k: Keyframe<Double>) -> Keyframe<Double> {
        let y = { (x: Double) in -2 * x + 1 }, v = { (x: Double?) in x.map { -2 * $0 } }
        switch k {
        case .move(let m): return .move(MoveKeyframe(y(m.to)))
        case .linear(let l): return .linear(LinearKeyframe(y(l.to), duration: l.duration, timingCurve: l.timingCurve))
        case .cubic(let c): return .cubic(CubicKeyframe(y(c.to), duration: c.duration, startVelocity: v(c.startVelocity), endVelocity: v(c.endVelocity)))
        case .spring(let s): return .spring(SpringKeyframe(y(s.to), duration: s.duration ?? 0.3, spring: s.spring, startVelocity: v(s.startVelocity)))
        }
    }

    private static func point(_ x: Keyframe<Double>, _ y: Keyframe<Double>) -> Keyframe<CGPoint> {
        let p = { (a: Double, b: Double) in CGPoint(x: a, y: b) }
        let pv = { (a: Double?, b: Double?) in a.map { p($0, b!) } }
        switch (x, y) {
        case (.move(let a), .move(let b)): return .move(MoveKeyframe(p(a.to, b.to)))
        case (.linear(let a), .linear(let b)): return .linear(LinearKeyframe(p(a.to, b.to), duration: a.duration, timingCurve: a.timingCurve))
        case (.cubic(let a), .cubic(let b)):
            return .cubic(CubicKeyframe(p(a.to, b.to), duration: a.duration, startVelocity: pv(a.startVelocity, b.startVelocity),
                                        endVelocity: pv(a.endVelocity, b.endVelocity)))
        case (.spring(let a), .spring(let b)):
            return .spring(SpringKeyframe(p(a.to, b.to), duration: a.duration, spring: a.spring, startVelocity: pv(a.startVelocity, b.startVelocity)))
        default: fatalError("mirrored keyframes have the same kinds")
        }
    }

    @Test func pointTrackIsTwoScalarTracks() async {
        let specs = Gen.double(in: 0...1).array(of: 5).array(of: 1...8)
        await propertyCheck(count: 200, input: specs, Gen.double(in: -5...5)) { specs, initial in
            let xs = specs.map { s -> Keyframe<Double> in
                let to = (-10 + 20 * s[1]), duration = 0.05 + 0.95 * s[2]
                switch Int(s[0] * 4) {
                case 0: return .move(MoveKeyframe(to))
                case 1: return .linear(LinearKeyframe(to, duration: duration, timingCurve: s[3] < 0.5 ? .easeInOut : .linear))
                case 2: return .cubic(CubicKeyframe(to, duration: duration, startVelocity: s[3] < 0.25 ? 40 * s[4] - 20 : nil,
                                                    endVelocity: s[3] > 0.75 ? 20 - 40 * s[4] : nil))
                default: return .spring(SpringKeyframe(to, duration: duration, spring: Spring(duration: 0.2 + 0.6 * s[3], bounce: -0.5 + s[4]),
                                                       startVelocity: s[3] > 0.8 ? 10 * s[4] : nil))
                }
            }
            let ys = xs.map(Self.mirrored)
            let xPath = TimelineDocument.Track(nil, keyframes: xs).path(from: initial)
            let yPath = TimelineDocument.Track(nil, keyframes: ys).path(from: -2 * initial + 1)
            let points = KeyframeSequence(zip(xs, ys).map(Self.point))
            let typed = KeyframeTimeline(initialValue: CGPoint(x: initial, y: -2 * initial + 1)) { KeyframeTrack { points } }
            #expect(abs(typed.duration - max(xPath.duration, yPath.duration)) <= 1e-12)
            let scale = 1 + (xPath.segments.map { max(abs($0.from), abs($0.to)) }.max() ?? 0) * 2
            for n in 0...40 {
                let t = typed.duration * Double(n) / 40
                let value = typed.value(time: t)
                #expect(abs(Double(value.x) - xPath.value(at: t)) <= 1e-12 * scale, "x at \(t) of \(xs)")
                #expect(abs(Double(value.y) - yPath.value(at: t)) <= 1e-12 * scale, "y at \(t) of \(ys)")
            }
        }
    }
}
