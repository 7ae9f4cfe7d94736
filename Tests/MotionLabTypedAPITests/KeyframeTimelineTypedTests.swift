import Foundation
import MotionLab
import Testing

/// SwiftUI keyframe code as users paste it into a test: it compiles against `import MotionLab`
/// and gives the numbers of the JSON path and of closed forms worked out by hand.
@Suite struct KeyframeTimelineTypedTests {
    /// Apple's `KeyframeTimeline` example over `CGPoint`. Every tangent is 0 (first, last and
    /// Catmull-Rom through equal ends), so each segment is the smoothstep 3u² − 2u³.
    @Test func cgPointTimelineIsTwoSmoothsteps() {
        let keyframes = KeyframeTimeline(initialValue: CGPoint.zero) {
            CubicKeyframe(.init(x: 0, y: 100), duration: 0.3)
            CubicKeyframe(.init(x: 0, y: 0), duration: 0.7)
        }
        #expect(keyframes.duration == 1.0)
        let smoothstep = { (u: Double) in 3 * u * u - 2 * u * u * u }
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            let expected = t <= 0.3 ? 100 * smoothstep(t / 0.3) : 100 - 100 * smoothstep((t - 0.3) / 0.7)
            let value = keyframes.value(time: t)
            #expect(abs(Double(value.y) - expected) < 1e-12, "t = \(t)")
            #expect(value.x == 0)
        }
        #expect(keyframes.value(time: -1) == .zero)
        #expect(keyframes.value(time: 2) == .zero)
        #expect(keyframes.value(progress: 0.3).y == 100)
    }

    /// A `CGPoint` track moves each coordinate as a scalar track of the same keyframes would.
    @Test func cgPointTrackEqualsTwoScalarTracks() {
        let spring = Spring(duration: 0.4, bounce: 0.3)
        let typed = KeyframeTimeline(initialValue: CGPoint(x: 10, y: -5)) {
            LinearKeyframe(CGPoint(x: 40, y: 20), duration: 0.25, timingCurve: .easeOut)
            CubicKeyframe(CGPoint(x: -20, y: 60), duration: 0.3)
            SpringKeyframe(CGPoint(x: 0, y: 0), duration: 0.5, spring: spring)
            CubicKeyframe(CGPoint(x: 15, y: 5), duration: 0.2, endVelocity: CGPoint(x: 30, y: -10))
            MoveKeyframe(CGPoint(x: 1, y: 2))
        }
        let x = TimelineDocument(initialValue: 10.0) {
            LinearKeyframe(40, duration: 0.25, timingCurve: .easeOut)
            CubicKeyframe(-20, duration: 0.3)
            SpringKeyframe(0, duration: 0.5, spring: spring)
            CubicKeyframe(15, duration: 0.2, endVelocity: 30)
            MoveKeyframe(1)
        }
        let y = TimelineDocument(initialValue: -5.0) {
            LinearKeyframe(20, duration: 0.25, timingCurve: .easeOut)
            CubicKeyframe(60, duration: 0.3)
            SpringKeyframe(0, duration: 0.5, spring: spring)
            CubicKeyframe(5, duration: 0.2, endVelocity: -10)
            MoveKeyframe(2)
        }
        #expect(abs(typed.duration - 1.25) < 1e-15)
        for t in stride(from: -0.1, through: 1.4, by: 0.01) {
            let point = typed.value(time: t)
            #expect(abs(Double(point.x) - x.value(time: t)[nil]!) <= 1e-12 * 60, "x at \(t)")
            #expect(abs(Double(point.y) - y.value(time: t)[nil]!) <= 1e-12 * 60, "y at \(t)")
        }
    }

    struct Pose {
        var rotation = Angle.zero
        var scale = 1.0
        var offset = CGPoint.zero
    }

    /// A struct with an `Angle`, a `Double` and a `CGPoint` track; the spring is the closed form
    /// of an underdamped oscillator, written out here.
    @Test func structWithAngleAndDoubleTracks() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.rotation) {
                LinearKeyframe(.degrees(90), duration: 1)
            }
            KeyframeTrack(\.scale) {
                SpringKeyframe(1.4, duration: 0.8, spring: spring)
            }
            KeyframeTrack(\.offset) {
                MoveKeyframe(CGPoint(x: 0, y: -40))
                LinearKeyframe(.zero, duration: 0.5)
            }
        }
        #expect(timeline.duration == 1)
        // Spring(duration: 0.5, bounce: 0.3): ω0 = 2π/0.5, ζ = 0.7, λ = ζω0, ω = ω0√(1 − ζ²).
        let omega0 = 2 * Double.pi / 0.5, zeta = 0.7
        let lambda = zeta * omega0, omega = omega0 * (1 - zeta * zeta).squareRoot()
        for t in [0.0, 0.1, 0.25, 0.5, 0.75, 0.8] {
            let pose = timeline.value(time: t)
            #expect(abs(pose.rotation.degrees - 90 * t) < 1e-12)
            let spring = 0.4 * (1 - exp(-lambda * t) * (cos(omega * t) + lambda / omega * sin(omega * t)))
            #expect(abs(pose.scale - (1 + spring)) < 1e-12, "scale at \(t)")
            #expect(abs(Double(pose.offset.y) - (-40 + 80 * min(t, 0.5))) < 1e-12)
        }
    }

    /// The last track writing a property wins; a property no track writes keeps its value.
    @Test func lastTrackWinsAndUnwrittenPropertiesStay() {
        let timeline = KeyframeTimeline(initialValue: Pose(scale: 2)) {
            KeyframeTrack(\.offset) { LinearKeyframe(CGPoint(x: 10, y: 10), duration: 1) }
            KeyframeTrack(\.offset.x) { LinearKeyframe(-10, duration: 2) }
        }
        let pose = timeline.value(time: 1)
        #expect(pose.offset == CGPoint(x: -5, y: 10))
        #expect(pose.scale == 2 && pose.rotation == .zero)
        #expect(timeline.duration == 2)
    }

    /// Conditionals, loops, an `if` without `else` and content types of one's own compose.
    @Test func buildersComposeConditionalsLoopsAndContent() {
        struct Wobble: KeyframeTrackContent {
            var amplitude: Double
            var body: some KeyframeTrackContent<Double> {
                LinearKeyframe(1 + amplitude, duration: 0.1)
                LinearKeyframe(1 - amplitude, duration: 0.1)
            }
        }
        func timeline(bounce: Bool, repeats: Int, settle: Bool) -> KeyframeTimeline<Double> {
            KeyframeTimeline(initialValue: 1.0) {
                KeyframeTrack {
                    if bounce {
                        Wobble(amplitude: 0.2)
                    } else {
                        LinearKeyframe(2, duration: 0.2)
                    }
                    for _ in 0..<repeats {
                        Wobble(amplitude: 0.1)
                    }
                    if settle {
                        LinearKeyframe(1, duration: 0.1)
                    }
                }
            }
        }
        let a = timeline(bounce: true, repeats: 2, settle: true)
        #expect(abs(a.duration - 0.7) < 1e-15)
        #expect(abs(a.value(time: 0.1) - 1.2) < 1e-15)
        #expect(abs(a.value(time: 0.2) - 0.8) < 1e-15)
        #expect(abs(a.value(time: 0.4) - 0.9) < 1e-15)
        #expect(a.value(time: 0.7) == 1)
        let b = timeline(bounce: false, repeats: 0, settle: false)
        #expect(b.duration == 0.2 && b.value(time: 0.1) == 1.5)
    }

    /// The typed path and the JSON path are one engine: a document's `timeline` gives its values.
    @Test func documentTimelineEqualsDocument() throws {
        let json = """
        {"initialValue": {"x": 0, "scale": 1},
         "tracks": [{"property": "x", "keyframes": [{"type": "spring", "to": 100, "spring": {"duration": 0.5, "bounce": 0.2}},
                                                   {"type": "cubic", "to": 20, "duration": 0.3}]},
                    {"property": "scale", "keyframes": [{"type": "linear", "to": 1.5, "duration": 0.2, "curve": "easeInOut"},
                                                       {"type": "cubic", "to": 1, "duration": 0.4}]}]}
        """
        let document = try TimelineDocument.decode(json: Data(json.utf8))
        let typed = document.timeline
        #expect(typed.duration == document.duration)
        for t in stride(from: 0.0, through: document.duration + 0.1, by: 0.013) {
            #expect(typed.value(time: t) == document.value(time: t))
        }
    }
}
