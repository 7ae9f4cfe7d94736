import MotionJSON

extension Animation: CustomStringConvertible {
    /// The SwiftUI expression that builds this animation, such as
    /// `.spring(response: 0.5, dampingFraction: 0.825).delay(0.1)`; ``init(swiftUI:default:)``
    /// reads it back to an equal animation. Springs given by duration and bounce print in the
    /// parameters they are stored in (response and damping fraction; mass, stiffness and damping),
    /// and an animation of another type prints its type's name.
    public var description: String {
        func number(_ x: Double) -> String { JSONValue.format(x) }
        switch base {
        case let bezier as BezierAnimation:
            let presets: [(String, Double, Double, Double, Double)] = [
                ("linear", 0, 0, 1, 1), ("easeIn", 0.42, 0, 1, 1), ("easeOut", 0, 0, 0.58, 1), ("easeInOut", 0.42, 0, 0.58, 1),
            ]
            guard let points = bezier.curve.controlPoints else { return ".timingCurve(\(bezier.curve), duration: \(number(bezier.duration)))" }
            let p = [points.start.x, points.start.y, points.end.x, points.end.y]
            if let preset = presets.first(where: { [$0.1, $0.2, $0.3, $0.4] == p }) {
                return ".\(preset.0)(duration: \(number(bezier.duration)))"
            }
            return ".timingCurve(\(p.map(number).joined(separator: ", ")), duration: \(number(bezier.duration)))"
        case let fluid as FluidSpringAnimation:
            return ".spring(response: \(number(fluid.response)), dampingFraction: \(number(fluid.dampingFraction)), "
                + "blendDuration: \(number(fluid.blendDuration)))"
        case let spring as SpringAnimation:
            return ".interpolatingSpring(mass: \(number(spring.mass)), stiffness: \(number(spring.stiffness)), "
                + "damping: \(number(spring.damping)), initialVelocity: \(number(spring.initialVelocity)))"
        case is DefaultAnimation:
            return ".default"
        case let modified as any ModifiedAnimation:
            let head = modified.baseAnimation.description
            switch modified.anyModifier {
            case let delay as DelayAnimation: return head + ".delay(\(number(delay.delay)))"
            case let speed as SpeedAnimation: return head + ".speed(\(number(speed.speed)))"
            case let logical as LogicalCompletionAnimation: return head + ".logicallyComplete(after: \(number(logical.duration)))"
            case let repeating as RepeatAnimation:
                if let count = repeating.repeatCount {
                    return head + ".repeatCount(\(count), autoreverses: \(repeating.autoreverses))"
                }
                return head + ".repeatForever(autoreverses: \(repeating.autoreverses))"
            case let other: return head + ".modifier(\(type(of: other)))"
            }
        default:
            return "Animation(\(type(of: base)))"
        }
    }
}
