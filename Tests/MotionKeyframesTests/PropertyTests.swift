import Foundation
import MotionCurves
import MotionKeyframes
import MotionSprings
import PropertyBased
import MotionNumerics
import Testing

/// Random keyframes from numbers in [0, 1]: [kind, to, duration, a, b].
private enum RandomKeyframes {
    /// Curves whose end velocities are finite (circularEaseIn ends, and circularEaseOut starts, with an
    /// infinite velocity, which a neighbouring cubic or spring would inherit).
    static let curves: [UnitCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .circularEaseInOut,
        .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.7, y: 1.3)),
        .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1)),
    ]

    /// `allowed` kinds: 0 move, 1 linear, 2 cubic, 3 spring.
    static func keyframe(_ spec: [Double], allowed: [Int] = [0, 1, 2, 3], explicitVelocities: Bool = true,
                         allowCritical: Bool = true) -> Keyframe<Double> {
        let kind = allowed[min(Int(spec[0] * Double(allowed.count)), allowed.count - 1)]
        let to = (-10 + 20 * spec[1]).rounded(toPlaces: 3)
        let duration = (0.05 + 0.95 * spec[2]).rounded(toPlaces: 3)
        let a = spec[3], b = spec[4]
        switch kind {
        case 0: return .move(MoveKeyframe(to))
        case 1: return .linear(LinearKeyframe(to, duration: duration, timingCurve: curves[min(Int(a * Double(curves.count)), curves.count - 1)]))
        case 2:
            let start: Double? = explicitVelocities && a < 0.25 ? (-40 + 80 * b).rounded(toPlaces: 2) : nil
            let end: Double? = explicitVelocities && a > 0.75 ? (40 - 80 * b).rounded(toPlaces: 2) : nil
            return .cubic(CubicKeyframe(to, duration: duration, startVelocity: start, endVelocity: end))
        default:
            // allowCritical false: never exactly critical (bounce 0), whose JSON round trip is not exact
            // (see RegressionTests).
            let bounce = (-0.5 + 1.2 * b).rounded(toPlaces: 2)
            let spring = Spring(duration: (0.2 + 0.6 * a).rounded(toPlaces: 2), bounce: bounce == 0 && !allowCritical ? 0.05 : bounce)
            let startVelocity: Double? = explicitVelocities && a > 0.8 ? (-20 + 40 * b).rounded(toPlaces: 1) : nil
            return .spring(SpringKeyframe(to, duration: b < 0.3 ? nil : duration, spring: spring, startVelocity: startVelocity))
        }
    }

    static let specs = Gen.double(in: 0...1).array(of: 5).array(of: 1...8)
}

private extension Double {
    func rounded(toPlaces n: Int) -> Double {
        let scale = Foundation.pow(10, Double(n))
        return (self * scale).rounded() / scale
    }
}

@Suite("Keyframes: properties")
struct PropertyTests {
    /// Tracks of cubic keyframes with automatic tangents are C1 at every interior junction: the report
    /// says so, and one-sided difference quotients of value(time:) agree.
    @Test func cubicTracksAreC1() async {
        await propertyCheck(count: 200, input: RandomKeyframes.specs, Gen.double(in: -5...5)) { specs, initial in
            let keyframes = specs.map { RandomKeyframes.keyframe($0, allowed: [2], explicitVelocities: false) }
            let timeline = TimelineDocument(initialValue: .scalar(initial), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
            let report = ContinuityReport(timeline)
            #expect(report.tangentsFollowRules)
            for junction in report.tracks[0].junctions where junction.boundary == .interior {
                #expect(junction.continuity >= .c1, "\(keyframes) at \(junction.time): \(junction)")
            }
            let h = 1e-5
            for segment in timeline.paths[0].segments.dropLast() {
                let t = segment.endTime
                let f = { (x: Double) in timeline.value(time: x)[nil]! }
                let left = (3 * f(t) - 4 * f(t - h) + f(t - 2 * h)) / (2 * h)
                let right = (-3 * f(t) + 4 * f(t + h) - f(t + 2 * h)) / (2 * h)
                #expect(abs(left - right) <= 1e-3 * max(1, abs(left)), "\(keyframes) at \(t): \(left) vs \(right)")
            }
        }
    }

    /// Without moves, a track's value is continuous across every boundary: |value(T − δ) − value(T + δ)| is
    /// at most what the velocities on both sides allow over 2δ.
    @Test func valuesAreContinuousAcrossBoundaries() async {
        await propertyCheck(count: 300, input: RandomKeyframes.specs, Gen.double(in: -5...5)) { specs, initial in
            let keyframes = specs.map { RandomKeyframes.keyframe($0, allowed: [1, 2, 3]) }
            let timeline = TimelineDocument(initialValue: .scalar(initial), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
            let path = timeline.paths[0]
            let scale = max(1, path.segments.map { max(abs($0.from), abs($0.to)) }.max() ?? 0)
            for (i, segment) in path.segments.enumerated() {
                #expect(segment.from.isFinite && segment.endValue.isFinite, "\(keyframes)")
                let t = segment.endTime
                for delta in [1e-9, 1e-12] where t - delta > 0 {
                    let a = timeline.value(time: t - delta)[nil]!, b = timeline.value(time: t + delta)[nil]!
                    let speed = max(abs(path.velocity(at: t - delta)), abs(path.velocity(at: t + delta)))
                    #expect(abs(a - b) <= 3 * delta * speed + 1e-12 * scale,
                            "keyframe \(i) of \(keyframes) at \(t): \(a) vs \(b)")
                }
                if i + 1 < path.segments.count {
                    #expect(path.segments[i + 1].from == segment.endValue)
                    // At T the earlier keyframe's end (T − startTime may round a hair below its duration).
                    #expect(abs(timeline.value(time: t)[nil]! - segment.endValue) <= 1e-12 * scale, "the boundary belongs to keyframe \(i)")
                }
            }
        }
    }

    /// values(time:) for sorted, reversed and shuffled times equals value(time:) per sample, bit for bit.
    @Test func batchEqualsSingle() async {
        await propertyCheck(count: 200, input: RandomKeyframes.specs, Gen.double(in: -0.3...1.3).array(of: 0...40),
                            Gen.int(in: 0...1_000_000)) { specs, fractions, seed in
            let keyframes = specs.map { RandomKeyframes.keyframe($0) }
            let object = AnimatableValue.properties([.init("x", 1), .init("y", -2)])
            let timeline = TimelineDocument(initialValue: object, tracks: [
                TimelineDocument.Track("x", keyframes: keyframes),
                TimelineDocument.Track("y", keyframes: Array(keyframes.reversed())),
            ])
            let d = timeline.duration
            var times = fractions.map { $0 * d } + timeline.paths[0].segments.map(\.endTime) + [0, -0.0, d, .infinity, -.infinity]  // NaN: see RegressionTests
            var rng = SplitMix64(seed: UInt64(seed))
            let orders = [times.sorted(), Array(times.sorted().reversed()), { times.shuffle(using: &rng); return times }()]
            for order in orders {
                let batch = timeline.values(time: order)
                #expect(batch.count == order.count)
                for (value, t) in zip(batch, order) {
                    #expect(value == timeline.value(time: t), "t = \(t): \(value) vs \(timeline.value(time: t))")
                }
            }
        }
    }

    /// Encoding with JSONEncoder and decoding gives the same timeline: keyframes equal (springs up to the
    /// round trip of their duration and bounce), values equal to 1e-12 of the scale.
    @Test func jsonRoundTrip() async throws {
        await propertyCheck(count: 200, input: RandomKeyframes.specs, RandomKeyframes.specs, Gen.double(in: -5...5)) { a, b, initial in
            let object = AnimatableValue.properties([.init("opacity", initial), .init("scale", 1)])
            let timeline = TimelineDocument(initialValue: object, tracks: [
                TimelineDocument.Track("scale", keyframes: a.map { RandomKeyframes.keyframe($0, allowCritical: false) }),
                TimelineDocument.Track("opacity", keyframes: b.map { RandomKeyframes.keyframe($0, allowCritical: false) }),
            ])
            let data = try JSONEncoder().encode(timeline)
            let decoded = try TimelineDocument.decode(json: data)
            #expect(decoded.initialValue[nil] == nil)
            #expect(Set(decoded.initialValue.propertyNames) == ["opacity", "scale"])
            #expect(decoded.tracks.map(\.property) == timeline.tracks.map(\.property))
            for (original, copy) in zip(timeline.tracks, decoded.tracks) {
                for (k, c) in zip(original.keyframes, copy.keyframes) {
                    if case .spring(let s) = k, case .spring(let t) = c {
                        #expect(s.to == t.to && s.duration == t.duration && s.startVelocity == t.startVelocity)
                        #expect(abs(s.spring.signedFrequency - t.spring.signedFrequency) <= 1e-12 * abs(s.spring.decayRate))
                        #expect(abs(s.spring.decayRate - t.spring.decayRate) <= 1e-12 * abs(s.spring.decayRate))
                    } else {
                        #expect(k == c, "\(k) → \(c)")
                    }
                }
            }
            let scale = max(1, timeline.paths.flatMap { $0.segments.map { max(abs($0.from), abs($0.to)) } }.max() ?? 0)
            let d = timeline.duration
            #expect(abs(decoded.duration - d) <= 1e-12 * max(1, d))
            for n in -2...22 {
                let t = Double(n) / 20 * d
                for name in ["opacity", "scale"] {
                    let x = timeline.value(time: t)[name]!, y = decoded.value(time: t)[name]!
                    #expect(abs(x - y) <= 1e-12 * scale, "\(name) at \(t): \(x) vs \(y)")
                }
            }
        }
    }

    /// The JSON of ``TimelineDocument/json`` (MotionIO's ordered JSON, what the CLI writes) reads back too.
    @Test func orderedJSONRoundTrip() async throws {
        await propertyCheck(count: 100, input: RandomKeyframes.specs, Gen.double(in: -5...5)) { specs, initial in
            let keyframes = specs.map { RandomKeyframes.keyframe($0, allowed: [0, 1, 2]) }
            let timeline = TimelineDocument(initialValue: .scalar(initial), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
            let text = timeline.json.serialized()
            let decoded = try TimelineDocument.decode(json: Data(text.utf8))
            #expect(decoded.tracks == timeline.tracks, "\(text)")
            #expect(decoded.initialValue == timeline.initialValue)
        }
    }
}

