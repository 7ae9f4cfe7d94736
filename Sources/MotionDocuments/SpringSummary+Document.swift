import MotionExports
import MotionJSON
import MotionSprings

extension SpringSummary {
    /// The motion from 0 to the target as a CSS `linear()` easing over its exact settling time,
    /// within 0.1 % of the step (what `export --format css` writes); `nil` when the step cannot
    /// be exported (a target of 0).
    public var cssLinear: CSSLinearAnimation? {
        (try? SpringExport(spring: spring, from: 0, to: target, initialVelocity: initialVelocity, epsilon: epsilon))?.cssLinear
    }

    /// The whole `spring` document: the keys of `json(parameterization:swiftUICode:notes:)`, then
    /// `css` (the motion as a CSS `linear()` easing) when the step can be exported. The command
    /// line and the C ABI both print this.
    ///
    /// - Parameters:
    ///   - parameterization: how the user named the spring (`duration-bounce`, `preset`, `android` …).
    ///   - swiftUICode: SwiftUI code for the spring as the user named it.
    ///   - notes: what a reader should know (a clamp, a getter that reports something else).
    public func document(parameterization: String, swiftUICode: String, notes: [String]) -> JSONValue {
        var document = json(parameterization: parameterization, swiftUICode: swiftUICode, notes: notes)
        if case .object(var pairs) = document, let css = cssLinear {
            pairs.append(("css", css.json))
            document = .object(pairs)
        }
        return document
    }
}
