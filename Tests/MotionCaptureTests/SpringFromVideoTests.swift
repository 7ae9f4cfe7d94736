import MotionCapture
import MotionFitting
import MotionIO
import Testing

@Suite("A spring fitted from a video")
struct SpringFromVideoTests {
    @Test("equals the spring fitted from the rendered truth, within the video fit's standard errors")
    func springFromVideo() throws {
        let motion = try VideoTracker(path: TrackingData.path("spring_box.mp4")).track()
        let tracked = try #require(motion.recording["x"])
        let truth = try TrackingData.truth("spring_box.truth.csv")
        let fromVideo = try SpringFitting.fit(tracked)
        let fromTruth = try SpringFitting.fit(Recording(times: truth["time"]!, values: truth["x"]!, channel: "x"))
        // The rendered spring: response 0.5 s, damping ratio 0.6 (duration 0.5, bounce 0.4).
        #expect(abs(fromTruth.spring.duration - 0.5) < 1e-6 && abs(fromTruth.spring.bounce - 0.4) < 1e-6)
        let errors = try #require(fromVideo.standardErrors)
        let se = Dictionary(errors.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let duration = try #require(se["duration"]), bounce = try #require(se["bounce"])
        #expect(abs(fromVideo.spring.duration - fromTruth.spring.duration) <= 3 * duration,
                "duration \(fromVideo.spring.duration) ± \(duration) vs \(fromTruth.spring.duration)")
        #expect(abs(fromVideo.spring.bounce - fromTruth.spring.bounce) <= 3 * bounce,
                "bounce \(fromVideo.spring.bounce) ± \(bounce) vs \(fromTruth.spring.bounce)")
        #expect(abs(fromVideo.to - fromTruth.to) <= 3 * (se["to"] ?? 0) + 0.05)
    }
}
