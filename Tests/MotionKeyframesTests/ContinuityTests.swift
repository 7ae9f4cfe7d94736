import Foundation
import MotionCurves
import MotionKeyframes
import MotionSprings
import Testing

/// ContinuityReport against jumps derived on paper from SPEC §4.
///
/// Hermite second derivatives used below (p0, p1 values, m0, m1 tangents in value per segment):
/// at u = 0: (−6p0 − 4m0 + 6p1 − 2m1)/d²; at u = 1: (6p0 + 2m0 − 6p1 + 4m1)/d².
@Suite("Keyframes: continuity report")
struct ContinuityTests {
    private func interior(_ track: ContinuityReport.Track) -> [ContinuityReport.Junction] {
        track.junctions.filter { $0.boundary == .interior }
    }

    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }

    /// Cubics with automatic tangents: C1 at every interior junction, every tangent check satisfied.
    @Test func cubicsAreC1AtInteriorJunctions() {
        // data/timelines/catmull-rom-unequal.json
        let timeline = TimelineDocument(initialValue: 0) {
            CubicKeyframe(10, duration: 0.1)
            CubicKeyframe(-5, duration: 0.4)
            CubicKeyframe(20, duration: 0.25)
            CubicKeyframe(0, duration: 0.75)
            CubicKeyframe(1, duration: 0.05)
        }
        let report = ContinuityReport(timeline)
        let track = report.tracks[0]
        #expect(track.junctions.count == 6)  // start, 4 interior, end
        #expect(interior(track).count == 4)
        for junction in interior(track) {
            #expect(junction.continuity >= .c1, "junction at \(junction.time): \(junction.continuity)")
            #expect(abs(junction.valueJump) < 1e-12 && abs(junction.velocityJump) < 1e-9)
        }
        #expect(report.tangentsFollowRules)
        #expect(track.tangentChecks.count == 10)  // 5 cubics × (start, end), none explicit
        #expect(track.tangentChecks.allSatisfy { $0.satisfied })
        // The Catmull-Rom velocity at t = 0.1: (−5 − 0)/(0.1 + 0.4) = −10; at t = 0.5: (20 − 10)/(0.4 + 0.25) = 200/13.
        let first = track.tangentChecks.first { $0.keyframe == 1 && $0.side == .start }!
        #expect(close(first.expectedVelocity, -10, 1e-15) && close(first.actualVelocity, -10, 1e-14))
        let second = track.tangentChecks.first { $0.keyframe == 1 && $0.side == .end }!
        #expect(close(second.expectedVelocity, 200.0 / 13, 1e-15))
        // Acceleration jump at t = 0.1. Keyframe 0: p0 = 0, p1 = 10, m0 = 0, m1 = −10·0.1 = −1, d = 0.1:
        // a(end) = (0 + 0 − 60 − 4)/0.01 = −6400. Keyframe 1: p0 = 10, p1 = −5, m0 = −10·0.4 = −4,
        // m1 = (200/13)·0.4 = 80/13, d = 0.4: a(start) = (−60 + 16 − 30 − 160/13)/0.16 = −1122/(13·0.16).
        let jump = interior(track)[0]
        #expect(close(jump.time, 0.1, 1e-15))
        #expect(jump.continuity == .c1)
        #expect(close(jump.accelerationJump, -1122 / (13 * 0.16) + 6400, 1e-12), "\(jump.accelerationJump)")
        // The start: at rest, then a cubic with start velocity 0 but acceleration (−4·0 + 60 + 2)/0.01 … :
        // a(0) = (−0 − 0 + 60 − 2·(−1))/0.01 = 6200 → C1.
        let start = track.junctions[0]
        #expect(start.boundary == .start && start.continuity == .c1 && close(start.accelerationJump, 6200, 1e-12))
    }

    /// A move is a jump in value: class discontinuous, with its size.
    @Test func moveIsAJumpInValue() {
        // data/timelines/move-in-middle.json
        let timeline = TimelineDocument(initialValue: 1) {
            LinearKeyframe(10, duration: 0.25)
            MoveKeyframe(-5)
            CubicKeyframe(5, duration: 0.5)
            CubicKeyframe(2, duration: 0.25)
            MoveKeyframe(7)
            LinearKeyframe(0, duration: 0.25)
            MoveKeyframe(3)
        }
        let track = ContinuityReport(timeline).tracks[0]
        let junctions = interior(track)
        try! #require(junctions.count == 3)
        // t = 0.25: the linear ends at 10 with velocity (10 − 1)/0.25 = 36; the cubic after the move starts
        // at −5 at rest: jumps −15 in value and −36 in velocity.
        #expect(close(junctions[0].time, 0.25, 1e-15))
        #expect(junctions[0].continuity == .discontinuous)
        #expect(close(junctions[0].valueJump, -15, 1e-15) && close(junctions[0].velocityJump, -36, 1e-13))
        #expect(junctions[0].keyframeBefore == 0 && junctions[0].keyframeAfter == 2)
        // t = 0.75: cubic → cubic, continuous.
        #expect(junctions[1].continuity >= .c1)
        // t = 1.0: the cubic ends at 2 at rest (before a move), the linear after the move starts at 7 with
        // velocity (0 − 7)/0.25 = −28: jumps +5 and −28.
        #expect(junctions[2].continuity == .discontinuous)
        #expect(close(junctions[2].valueJump, 5, 1e-15) && close(junctions[2].velocityJump, -28, 1e-13))
        // The end: the last move jumps from 0 to 3 at t = 1.25; the track then rests at 3.
        let end = track.junctions.last!
        #expect(end.boundary == .end && end.continuity == .discontinuous)
        #expect(close(end.valueJump, 3, 1e-15) && close(end.velocityJump, 28, 1e-13))
        #expect(track.continuity == .discontinuous)
        // The tangent rules: 0 after a move, 0 before a move.
        #expect(track.tangentChecks.first { $0.keyframe == 2 && $0.side == .start }?.rule.contains("move") == true)
        #expect(track.tangentChecks.first { $0.keyframe == 3 && $0.side == .end }?.rule.contains("move") == true)
        #expect(track.tangentChecks.allSatisfy { $0.satisfied })
    }

    /// An explicit mismatched velocity is a C1 break: endVelocity 5 then startVelocity −3 jumps −8.
    @Test func mismatchedVelocityIsAC1Break() {
        let timeline = TimelineDocument(initialValue: 0) {
            CubicKeyframe(1, duration: 0.5, endVelocity: 5)
            CubicKeyframe(2, duration: 0.5, startVelocity: -3)
        }
        let track = ContinuityReport(timeline).tracks[0]
        let junction = interior(track)[0]
        #expect(close(junction.time, 0.5, 1e-15))
        #expect(junction.continuity == .c0)
        #expect(abs(junction.valueJump) < 1e-15)
        #expect(close(junction.velocityJump, -8, 1e-14), "\(junction.velocityJump)")
        // Acceleration jump on paper: keyframe 0: p0 = 0, p1 = 1, m0 = 0, m1 = 2.5, d = 0.5:
        // a(1) = (0 + 0 − 6 + 10)/0.25 = 16. Keyframe 1: p0 = 1, p1 = 2, m0 = −1.5, m1 = 0 (last keyframe):
        // a(0) = (−6 + 6 + 12 − 0)/0.25 = 48. Jump 32.
        #expect(close(junction.accelerationJump, 32, 1e-13))
        #expect(track.continuity == .c0)
        // Explicit velocities are not automatic tangents: only keyframe 0's start and keyframe 1's end are checked.
        #expect(Set(track.tangentChecks.map { "\($0.keyframe)\($0.side)" }) == ["0start", "1end"])
        #expect(track.tangentChecks.allSatisfy { $0.satisfied })
    }

    /// The same break inside data/timelines/explicit-velocities.json, and the start velocity 4 from rest.
    @Test func explicitVelocitiesTimeline() throws {
        let data = try Data(contentsOf: KeyframesReference.root.appendingPathComponent("data/timelines/explicit-velocities.json"))
        let timeline = try TimelineDocument.decode(json: data)
        let track = ContinuityReport(timeline).tracks[0]
        #expect(track.junctions[0].continuity == .c0 && close(track.junctions[0].velocityJump, 4, 1e-14))
        let at075 = try #require(track.junctions.first { abs($0.time - 0.75) < 1e-12 })
        #expect(at075.continuity == .c0 && close(at075.velocityJump, -8, 1e-13))
        // t = 1.65: cubic with endVelocity −2, then an automatic cubic that takes it: C1.
        let at165 = try #require(track.junctions.first { abs($0.time - 1.65) < 1e-12 })
        #expect(at165.continuity >= .c1)
        // The end: endVelocity 7 into rest: jump −7.
        #expect(track.junctions.last!.continuity == .c0 && close(track.junctions.last!.velocityJump, -7, 1e-13))
    }

    /// Cubic → spring → cubic hand over velocities (C1), and a spring cut short then a linear keyframe is
    /// continuous in value (C0) but not in velocity.
    @Test func springHandOvers() throws {
        for file in ["cubic-before-spring.json", "spring-cut-short.json", "spec-example.json", "cubic-after-linear.json",
                     "cubic-before-linear.json", "spring-default-duration.json"] {
            let data = try Data(contentsOf: KeyframesReference.root.appendingPathComponent("data/timelines/\(file)"))
            let report = ContinuityReport(try TimelineDocument.decode(json: data))
            #expect(report.tangentsFollowRules, "\(file)")
            for junction in interior(report.tracks[0]) where junction.keyframeBefore.map({ $0 + 1 }) == junction.keyframeAfter {
                // consecutive keyframes without a move between them never jump in value
                #expect(junction.continuity >= .c0, "\(file) at \(junction.time)")
            }
        }
        // cubic-before-spring: cubic (0 → 4, 0.3 s) ends with the tangent ½(10 − 4) + ½(4 − 0) = 5, velocity
        // 5/0.3, which the spring inherits: C1 at 0.3.
        let data = try Data(contentsOf: KeyframesReference.root.appendingPathComponent("data/timelines/cubic-before-spring.json"))
        let track = ContinuityReport(try TimelineDocument.decode(json: data)).tracks[0]
        let at03 = try #require(track.junctions.first { abs($0.time - 0.3) < 1e-12 })
        #expect(at03.continuity >= .c1)
        let check = try #require(track.tangentChecks.first { $0.keyframe == 0 && $0.side == .end })
        #expect(close(check.expectedVelocity, 5 / 0.3, 1e-15) && check.satisfied)
        // spring-cut-short: spring (ends moving at ~402/s) then a linear keyframe: C0 at 0.15.
        let cut = try Data(contentsOf: KeyframesReference.root.appendingPathComponent("data/timelines/spring-cut-short.json"))
        let cutTrack = ContinuityReport(try TimelineDocument.decode(json: cut)).tracks[0]
        #expect(cutTrack.junctions[1].continuity == .c0)
    }

    /// Every reference timeline: automatic tangents follow the rules of §4.
    @Test(arguments: KeyframesReference.entries)
    func tangentRulesHoldForReferenceTimelines(_ entry: KeyframesReference.Entry) throws {
        let report = ContinuityReport(try KeyframesReference.timeline(entry))
        for track in report.tracks {
            for check in track.tangentChecks where !check.satisfied {
                Issue.record("\(entry.file) keyframe \(check.keyframe) \(check.side): \(check.rule) expects \(check.expectedVelocity), got \(check.actualVelocity)")
            }
        }
    }
}
