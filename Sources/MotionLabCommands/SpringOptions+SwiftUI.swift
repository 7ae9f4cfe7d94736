import ArgumentParser
import MotionLab

extension SpringOptions {
    /// The spring of `--swiftui EXPR`: a SwiftUI spring animation as written in Swift, read by
    /// MotionAnimations' expression parser (the one `animate` scenarios use), so its labels,
    /// defaults and ranges are SwiftUI's.
    ///
    /// `.interpolatingSpring(…, initialVelocity: v)` gives v in intervals per second: the motion's
    /// initial velocity is v × target, unless `--initial-velocity` says otherwise.
    func resolveSwiftUI(
        _ expression: String, target: Double, initialVelocity: Double?, epsilon: Double
    ) throws -> Resolved {
        if let stray = given.first(where: { $0 != "--swiftui" }) {
            throw ValidationError("\(stray) cannot be combined with --swiftui; give one way of naming the spring")
        }
        let animation: Animation
        do {
            animation = try Animation(swiftUI: expression)
        } catch {
            throw ValidationError("--swiftui '\(expression)': \(error)")
        }
        guard let unchecked = animation.spring else {
            throw ValidationError("--swiftui '\(expression)' is not a spring: give .spring(…), .interactiveSpring(…), .interpolatingSpring(…), .smooth, .snappy or .bouncy, without modifiers (.delay, .speed, …)")
        }
        let spring: Spring
        do { spring = try Spring.validated(unchecked, source: "its spring") } catch { throw ValidationError("--swiftui '\(expression)': \(error)") }
        var notes: [String] = []
        var velocity = initialVelocity ?? 0
        if let relative = animation.initialVelocity, relative != 0 {
            guard initialVelocity == nil else {
                throw ValidationError("--swiftui '\(expression)' gives an initialVelocity; --initial-velocity cannot be given too")
            }
            velocity = try Input.bounded(relative * target, "--swiftui initialVelocity × --target", by: SpringRequest.motionBound,
                                         because: "beyond it SwiftUI's own settling estimate overflows")
            notes.append("initialVelocity \(DecimalText.shortest(relative)) is in intervals per second: \(DecimalText.shortest(velocity)) value units per second towards --target \(DecimalText.shortest(target))")
        }
        if let blend = animation.blendDuration, blend > 0 {
            notes.append("blendDuration \(DecimalText.shortest(blend)) s only shapes how SwiftUI merges this animation into a running one; the spring is the same")
        }
        let code = expression.trimmingCharacters(in: .whitespaces)
        return Resolved(spring: spring, parameterization: "swiftui-animation", swiftUICode: code.hasPrefix(".") ? "Animation" + code : code,
                        isSwiftUI: true, notes: notes, target: target, initialVelocity: velocity, epsilon: epsilon)
    }
}
