import Foundation
import MotionSprings
import Testing
import MotionTestSupport

/// The independent reference: scripts/reference/spring_reference.py solves the ODE with
/// mpmath's matrix exponential at 50 digits (cross-checked with mpmath's Taylor ODE solver)
/// and finds settling times by a brute-force scan refined with findroot. Nothing in it shares
/// MotionLab's regime-by-regime closed forms.
struct SpringReference: Decodable {
    struct Trajectory: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var mass, stiffness, damping, target, initialVelocity: Double
        var times, values, velocities: [Double]
        var testDescription: String { name }
    }

    struct Settling: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var mass, stiffness, damping, target, initialVelocity, epsilon, exactSettlingTime: Double
        var peakTime, peakValue: Double?
        var crossings: Int
        var testDescription: String { name }
    }

    var trajectories: [Trajectory]
    var settling: [Settling]

    static let table = Repository.referenceTable(SpringReference.self, "springs.json")
}

@Suite("Springs against the mpmath reference")
struct ReferenceTableTests {
    /// The closed form agrees with the 50-digit solution to 1e-10 of the motion's scale
    /// max(|Δ|, |v0|/ω0) — in practice to a few 1e-15 (the worst is printed by the CLI-free
    /// accuracy test below).
    @Test(arguments: SpringReference.table.trajectories)
    func trajectory(_ reference: SpringReference.Trajectory) {
        let spring = Spring(physicalMass: reference.mass, stiffness: reference.stiffness, damping: reference.damping)
        let scale = max(abs(reference.target), abs(reference.initialVelocity) / spring.naturalFrequency)
        for (i, t) in reference.times.enumerated() {
            let x = spring.value(target: reference.target, initialVelocity: reference.initialVelocity, time: t)
            let v = spring.velocity(target: reference.target, initialVelocity: reference.initialVelocity, time: t)
            #expect(abs(x - reference.values[i]) <= 1e-10 * scale, "x(\(t)) = \(x), reference \(reference.values[i])")
            #expect(abs(v - reference.velocities[i]) <= 1e-10 * scale * spring.naturalFrequency,
                    "x'(\(t)) = \(v), reference \(reference.velocities[i])")
        }
    }

    /// The exact settling time to 1e-12 s, the peak and the band crossings.
    @Test(arguments: SpringReference.table.settling)
    func settling(_ reference: SpringReference.Settling) {
        let spring = Spring(physicalMass: reference.mass, stiffness: reference.stiffness, damping: reference.damping)
        let motion = SpringMotion(spring: spring, target: reference.target, initialVelocity: reference.initialVelocity)
        let t = motion.exactSettlingTime(epsilon: reference.epsilon)
        #expect(abs(t - reference.exactSettlingTime) <= 1e-12 * max(1, reference.exactSettlingTime),
                "t* = \(t), reference \(reference.exactSettlingTime)")
        #expect(motion.bandCrossings(epsilon: reference.epsilon) == reference.crossings)
        if reference.target != 0 {
            if let peakTime = reference.peakTime, let peakValue = reference.peakValue {
                let peak = motion.peak
                #expect(peak != nil)
                if let peak {
                    #expect(abs(peak.time - peakTime) <= 1e-12 * max(1, peakTime), "peak at \(peak.time), reference \(peakTime)")
                    #expect(abs(peak.value - peakValue) <= 1e-12 * abs(reference.target), "peak \(peak.value), reference \(peakValue)")
                }
            } else {
                #expect(motion.peak == nil)
            }
        }
    }

    /// Worst agreement over the whole table, for the record (the closing note quotes it).
    @Test func worstErrors() {
        var worstValue = 0.0, worstSettling = 0.0
        for r in SpringReference.table.trajectories {
            let spring = Spring(physicalMass: r.mass, stiffness: r.stiffness, damping: r.damping)
            let scale = max(abs(r.target), abs(r.initialVelocity) / spring.naturalFrequency)
            for (i, t) in r.times.enumerated() {
                let x = spring.value(target: r.target, initialVelocity: r.initialVelocity, time: t)
                worstValue = max(worstValue, abs(x - r.values[i]) / scale)
            }
        }
        for r in SpringReference.table.settling {
            let spring = Spring(physicalMass: r.mass, stiffness: r.stiffness, damping: r.damping)
            let t = spring.exactSettlingTime(target: r.target, initialVelocity: r.initialVelocity, epsilon: r.epsilon)
            worstSettling = max(worstSettling, abs(t - r.exactSettlingTime))
        }
        print("spring reference: worst relative value error \(worstValue), worst settling error \(worstSettling) s")
        #expect(worstValue <= 1e-10)
        #expect(worstSettling <= 1e-11)
    }
}
