import Foundation
import MotionLab
import Testing

/// A user's own `VectorArithmetic` type: a time of day in hours, minutes and seconds.
struct ClockTime: VectorArithmetic, Animatable, Equatable {
    var hours = 0.0, minutes = 0.0, seconds = 0.0

    static var zero: ClockTime { ClockTime() }
    static func + (a: ClockTime, b: ClockTime) -> ClockTime {
        ClockTime(hours: a.hours + b.hours, minutes: a.minutes + b.minutes, seconds: a.seconds + b.seconds)
    }
    static func - (a: ClockTime, b: ClockTime) -> ClockTime {
        ClockTime(hours: a.hours - b.hours, minutes: a.minutes - b.minutes, seconds: a.seconds - b.seconds)
    }
    mutating func scale(by rhs: Double) {
        hours *= rhs
        minutes *= rhs
        seconds *= rhs
    }
    var magnitudeSquared: Double { hours * hours + minutes * minutes + seconds * seconds }
}

/// A pie wedge as a SwiftUI `Shape` would declare it: two angles behind one `AnimatablePair`.
struct Wedge: Animatable, Equatable {
    var start = Angle.zero
    var end = Angle.degrees(90)
    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(start.animatableData, end.animatableData) }
        set { (start.animatableData, end.animatableData) = (newValue.first, newValue.second) }
    }
}

/// The emoji of the SwiftUI documentation's keyframe animator: four tracks, with linear, spring
/// and cubic keyframes.
struct EmojiValues: Equatable {
    var scale = 1.0
    var verticalStretch = 1.0
    var verticalTranslation = 0.0
    var angle = Angle.zero
}

@Suite struct AnimatableValueTypedTests {
    /// A user's vector type moves through a timeline as its components would, one by one.
    @Test func clockTimeMovesComponentWise() {
        let timeline = KeyframeTimeline(initialValue: ClockTime(hours: 9)) {
            LinearKeyframe(ClockTime(hours: 10, minutes: 30), duration: 2)
            CubicKeyframe(ClockTime(hours: 12, minutes: 0, seconds: 30), duration: 1)
        }
        let halfway = timeline.value(time: 1)
        #expect(halfway == ClockTime(hours: 9.5, minutes: 15, seconds: 0))
        // The cubic runs from (10, 30, 0) to (12, 0, 30) with start velocity the linear's end
        // velocity (0.5, 15, 0) per second and end velocity 0: Hermite at u = 1/2 is
        // ½(p0 + p1) + (m0 − m1)/8 with m = velocity · 1 s.
        let mid = timeline.value(time: 2.5)
        #expect(abs(mid.hours - (11 + 0.5 / 8)) < 1e-12)
        #expect(abs(mid.minutes - (15 + 15.0 / 8)) < 1e-12)
        #expect(abs(mid.seconds - 15) < 1e-12)
    }

    /// An `Animatable` shape with an `AnimatablePair` is a root track's value.
    @Test func wedgeAnimatesBothAngles() {
        let timeline = KeyframeTimeline(initialValue: Wedge()) {
            LinearKeyframe(Wedge(start: .degrees(90), end: .degrees(270)), duration: 1)
        }
        let wedge = timeline.value(time: 0.25)
        #expect(abs(wedge.start.degrees - 22.5) < 1e-12)
        #expect(abs(wedge.end.degrees - 135) < 1e-12)
    }

    /// The four-track emoji equals the same tracks through the JSON path, property by property;
    /// an angle's keyframes move radians × 128.
    @Test func emojiTimelineEqualsJSONPath() throws {
        let typed = KeyframeTimeline(initialValue: EmojiValues()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(1.0, duration: 0.36)
                SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
                SpringKeyframe(1.0, spring: .bouncy)
            }
            KeyframeTrack(\.verticalStretch) {
                LinearKeyframe(1.0, duration: 0.1)
                SpringKeyframe(0.6, duration: 0.15, spring: .bouncy)
                SpringKeyframe(1.5, duration: 0.15, spring: .bouncy)
                SpringKeyframe(1.05, duration: 0.15, spring: .bouncy)
                SpringKeyframe(1.0, duration: 0.88, spring: .bouncy)
                SpringKeyframe(0.8, duration: 0.1, spring: .bouncy)
                SpringKeyframe(1.04, duration: 0.4, spring: .bouncy)
                SpringKeyframe(1.0, duration: 0.22, spring: .bouncy)
            }
            KeyframeTrack(\.verticalTranslation) {
                LinearKeyframe(0.0, duration: 0.1)
                SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
                SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
                SpringKeyframe(0.0, spring: .bouncy)
            }
            KeyframeTrack(\.angle) {
                CubicKeyframe(.zero, duration: 0.58)
                CubicKeyframe(.degrees(16), duration: 0.125)
                CubicKeyframe(.degrees(-16), duration: 0.125)
                CubicKeyframe(.degrees(16), duration: 0.125)
                CubicKeyframe(.zero, duration: 0.125)
            }
        }
        func spring(_ to: Double, _ duration: Double?) -> String {
            let time = duration.map { "\"duration\": \($0), " } ?? ""
            return "{\"type\": \"spring\", \"to\": \(to), \(time)\"spring\": {\"duration\": 0.5, \"bounce\": 0.3}}"
        }
        let degrees = { (d: Double) in d * Double.pi / 180 * 128 }
        let json = """
        {"initialValue": {"scale": 1, "verticalStretch": 1, "verticalTranslation": 0, "angle": 0},
         "tracks": [
          {"property": "scale", "keyframes": [{"type": "linear", "to": 1, "duration": 0.36}, \(spring(1.5, 0.8)), \(spring(1, nil))]},
          {"property": "verticalStretch", "keyframes": [{"type": "linear", "to": 1, "duration": 0.1}, \(spring(0.6, 0.15)), \(spring(1.5, 0.15)),
             \(spring(1.05, 0.15)), \(spring(1, 0.88)), \(spring(0.8, 0.1)), \(spring(1.04, 0.4)), \(spring(1, 0.22))]},
          {"property": "verticalTranslation", "keyframes": [{"type": "linear", "to": 0, "duration": 0.1}, \(spring(20, 0.15)),
             \(spring(-60, 1.0)), \(spring(0, nil))]},
          {"property": "angle", "keyframes": [{"type": "cubic", "to": 0, "duration": 0.58}, {"type": "cubic", "to": \(degrees(16)), "duration": 0.125},
             {"type": "cubic", "to": \(degrees(-16)), "duration": 0.125}, {"type": "cubic", "to": \(degrees(16)), "duration": 0.125},
             {"type": "cubic", "to": 0, "duration": 0.125}]}]}
        """
        let document = try TimelineDocument.decode(json: Data(json.utf8))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(abs(typed.duration - document.duration) < 1e-12)
        for t in stride(from: 0.0, through: typed.duration + 0.05, by: 1.0 / 120) {
            let value = typed.value(time: t), expected = document.value(time: t)
            #expect(abs(value.scale - expected["scale"]!) < 1e-12)
            #expect(abs(value.verticalStretch - expected["verticalStretch"]!) < 1e-12)
            #expect(abs(value.verticalTranslation - expected["verticalTranslation"]!) < 1e-12)
            #expect(abs(value.angle.animatableData - expected["angle"]!) < 1e-10)
        }
    }
}
