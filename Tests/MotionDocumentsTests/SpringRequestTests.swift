import Foundation
import MotionDocuments
import MotionJSON
import MotionSprings
import Testing

/// Springs named by JSON objects (the Python package's and the C ABI's form): the forms, their
/// precedence and the messages of what does not name a spring.
@Suite("Springs named by JSON")
struct SpringRequestTests {
    private func request(_ text: String) throws -> SpringRequest {
        try SpringRequest(JSONValue.parse(Array(text.utf8)))
    }

    /// m = 1, k = 100, c = 10: ω₀ = √(k/m) = 10, so response 2π/10 and ζ = c/(2√(km)) = 0.5 (on paper).
    @Test func massStiffnessDampingIsThePhysicalSpring() throws {
        let resolved = try request(#"{"mass": 1, "stiffness": 100, "damping": 10}"#).resolve(epsilon: 0.001)
        #expect(abs(resolved.spring.response - 2 * Double.pi / 10) <= 1e-14)
        #expect(abs(resolved.spring.dampingRatio - 0.5) <= 1e-14)
    }

    /// A response of 0.5 s is SwiftUI's duration of 0.5 s; ζ = 0.8 is bounce 0.2.
    @Test func responseAndDampingRatio() throws {
        let resolved = try request(#"{"response": 0.5, "dampingRatio": 0.8, "epsilon": null}"#).resolve(epsilon: 0.001)
        #expect(abs(resolved.spring.duration - 0.5) <= 1e-15)
        #expect(abs(resolved.spring.bounce - 0.2) <= 1e-15)
    }

    @Test(arguments: [
        (#"{"response": 0.5}"#, "response needs dampingRatio"),
        (#"{"duration": 0.5, "response": 0.4, "dampingRatio": 1}"#, "duration cannot be combined with response"),
        (#"{"dampingRatio": 0.5}"#, "dampingRatio alone does not name a spring"),
        ("{}", "no spring given"),
        (#"{"preset": "wobbly"}"#, "preset wobbly is not a SwiftUI preset"),
        (#"{"platform": "nowhere"}"#, "platform must be one of"),
        (#"{"duration": "0.5"}"#, "spring key 'duration' is not one of"),
        ("[0.5]", "a spring is a JSON object"),
        (#"{"duration": -1}"#, "duration must be"),
    ])
    func whatDoesNotNameASpring(text: String, mentions: String) {
        do {
            _ = try request(text).resolve(epsilon: 0.001)
            Issue.record("\(text) was accepted")
        } catch {
            #expect("\(error)".contains(mentions), "\(error)")
        }
    }

    @Test(arguments: [(2e150, 0.0, 0.001, "target must be a finite number in [-1e150, 1e150]"),
                      (1.0, -Double.infinity, 0.001, "initialVelocity must be a finite number"),
                      (1.0, 0.0, 0.0, "epsilon must be a finite number > 0")])
    func motionOutOfRange(target: Double, velocity: Double, epsilon: Double, mentions: String) {
        #expect(throws: PathError.self) {
            try SpringRequest.checkMotion(target: target, initialVelocity: velocity, epsilon: epsilon)
        }
        do { try SpringRequest.checkMotion(target: target, initialVelocity: velocity, epsilon: epsilon) } catch {
            #expect("\(error)".contains(mentions), "\(error)")
        }
    }

    @Test func theBoundItselfIsAMotion() throws {
        try SpringRequest.checkMotion(target: -SpringRequest.motionBound, initialVelocity: SpringRequest.motionBound, epsilon: 1e-9)
    }
}
