import Foundation
import MotionLab
import Testing

// The README's tour, statement for statement: it compiles against import MotionLab and runs on the
// bundled data (keep the two in step).
private struct Pose { var rotation = Angle.zero; var scale = 1.0; var offset = CGPoint.zero }
@Test func readmeTourCompiles() throws {
    
    let spring = Spring(duration: 0.5, bounce: 0.3)
    let estimate = spring.settlingDuration()              // SwiftUI's estimate
    let exact = spring.exactSettlingTime(epsilon: 0.001)  // the last time |x(t) − 1| = ε
    
    let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.34, y: 1.56),
                                 endControlPoint: UnitPoint(x: 0.64, y: 1))
    let y = curve.value(at: 0.5)                          // SwiftUI: progress clamped to [0, 1]
    let t = try CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1).solveT(forX: 0.3)
    
    let timeline = KeyframeTimeline(initialValue: Pose()) {   // SwiftUI's keyframe code, unchanged
        KeyframeTrack(\.rotation) { CubicKeyframe(.degrees(30), duration: 0.2); CubicKeyframe(.zero, duration: 0.3) }
        KeyframeTrack(\.scale) { SpringKeyframe(1.4, duration: 0.5, spring: .bouncy); LinearKeyframe(1, duration: 0.2) }
        KeyframeTrack(\.offset) { MoveKeyframe(CGPoint(x: 0, y: -40)); CubicKeyframe(.zero, duration: 0.6) }
    }
    let pose = timeline.value(time: 0.35)                   // a Pose
    
    let document = try TimelineDocument.decode(json: Data(contentsOf: URL(fileURLWithPath: "data/timelines/cubic-before-spring.json")))
    let continuity = ContinuityReport(document).continuity  // the weakest junction, C0 … C2
    
    let recording = try RecordingReader.read(path: "data/recordings/spring-bouncy-60hz.csv")
    let fit = try SpringFitting.fit(recording)              // fit.spring, fit.quality, fit.swiftUICode
    let step = try StepAnalysis.metrics(of: recording)      // settlingTime, riseTime, overshoot, …
    
    let run = AnimationScenario(initialValue: 0.0, transactions: [   // SwiftUI's engine, frame by frame
        AnimationTransaction(time: 0, value: 100, animation: .spring(response: 0.5, dampingFraction: 0.825)),
        AnimationTransaction(time: 0.2, value: 200, animation: try Animation(swiftUI: ".easeInOut.delay(0.1)")),
    ]).run(window: .range(from: 0, to: 1))                  // run.frames, run.events, run.springSegments
    
    let host = AnimationHost()                              // SwiftUI's state changes, headless
    @HostState(host) var offset = 0.0
    host.at(0) { withAnimation(.bouncy) { offset = -200 } completion: { withAnimation { offset = 0 } } }
    let shown = host.run(through: 2) { $offset.presentedValue }   // up with .bouncy, back on completion
    
    _ = (estimate, exact, y, t, pose, continuity, fit, step, run, shown)
}
