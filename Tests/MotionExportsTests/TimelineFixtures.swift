import MotionCurves
import MotionKeyframes
import MotionSprings

extension TimelineDocument {
    /// Two tracks with every keyframe kind the exporters approximate: springs (one cut before it
    /// settles, one with a start velocity), a circular curve, a cubic keyframe and a move.
    static let springsAndCircularCurves = TimelineDocument(initialValue: .properties([.init("x", 0), .init("y", 100)]), tracks: [
        TimelineDocument.Track("x", keyframes: [.spring(SpringKeyframe(300, duration: 0.8, spring: Spring(duration: 0.5, bounce: 0.4))),
                                                .linear(LinearKeyframe(0, duration: 0.4, timingCurve: .circularEaseInOut))]),
        TimelineDocument.Track("y", keyframes: [.cubic(CubicKeyframe(0, duration: 0.3)), .move(MoveKeyframe(50)),
                                                .spring(SpringKeyframe(50, duration: 0.5, spring: Spring(duration: 0.3, bounce: 0.2), startVelocity: 400))]),
    ])
}
