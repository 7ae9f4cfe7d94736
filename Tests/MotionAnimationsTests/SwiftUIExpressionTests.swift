import MotionAnimations
import MotionJSON
import PropertyBased
import Testing

/// Pasted SwiftUI expressions: each reads to the animation the same Swift call builds (SwiftUI's
/// signatures and defaults, from Apple's documentation), a printed animation reads back to
/// itself, and malformed text fails at the column worked out by hand below.
@Suite("SwiftUI animation expressions")
struct SwiftUIExpressionTests {
    static let equivalents: [(String, Animation)] = [
        (".spring(response: 0.4, dampingFraction: 0.7).delay(0.1)", .spring(response: 0.4, dampingFraction: 0.7).delay(0.1)),
        ("Animation.easeOut(duration: 0.3).speed(2).delay(0.1)", .easeOut(duration: 0.3).speed(2).delay(0.1)),
        (".linear(duration: 0.2).repeatCount(3, autoreverses: false)", .linear(duration: 0.2).repeatCount(3, autoreverses: false)),
        (".easeInOut.repeatForever()", .easeInOut(duration: 0.35).repeatForever(autoreverses: true)),
        (".easeIn.repeatForever(autoreverses: false)", .easeIn(duration: 0.35).repeatForever(autoreverses: false)),
        (".interpolatingSpring(stiffness: 170, damping: 15)", .interpolatingSpring(mass: 1, stiffness: 170, damping: 15)),
        (".interpolatingSpring(mass: 2, stiffness: 100, damping: 60, initialVelocity: -3)",
         .interpolatingSpring(mass: 2, stiffness: 100, damping: 60, initialVelocity: -3)),
        (".interpolatingSpring(duration: 0.6, bounce: 0.4)", .interpolatingSpring(duration: 0.6, bounce: 0.4)),
        (".interpolatingSpring", .interpolatingSpring(duration: 0.5, bounce: 0)),
        (".timingCurve(0.68, -0.55, 0.265, 1.55, duration: 0.5)", .timingCurve(0.68, -0.55, 0.265, 1.55, duration: 0.5)),
        (".timingCurve(0.2, 0, 0, 1)", .timingCurve(0.2, 0, 0, 1, duration: 0.35)),
        (".smooth(duration: 0.4, extraBounce: 0.1)", .spring(duration: 0.4, bounce: 0.1)),
        (".snappy", .spring(duration: 0.5, bounce: 0.15)),
        (".bouncy(extraBounce: -0.1)", .spring(duration: 0.5, bounce: 0.2)),
        (".spring", .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)),
        (".spring()", .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)),
        (".spring(duration: 0.3, bounce: 0.7)", .spring(response: 0.3, dampingFraction: 1 - 0.7)),
        (".spring(bounce: -0.5)", .spring(response: 0.5, dampingFraction: 2)),
        (".spring(dampingFraction: 0.5, blendDuration: 0.2)", .spring(response: 0.5, dampingFraction: 0.5, blendDuration: 0.2)),
        (".interactiveSpring", .spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)),
        (".interactiveSpring(duration: 0.2, extraBounce: 0.05)", .spring(duration: 0.2, bounce: 0.2, blendDuration: 0.25)),
        (".default", .default(.ios17)),
        ("  .linear(duration: 1e-1)\n  .logicallyComplete(after: 5E-2) ", .linear(duration: 0.1).logicallyComplete(after: 0.05)),
    ]

    @Test(arguments: 0..<equivalents.count)
    func readsAsTheSwiftCall(_ index: Int) throws {
        let (text, expected) = Self.equivalents[index]
        #expect(try Animation(swiftUI: text) == expected, "\(text)")
    }

    @Test func defaultFollowsTheVersion() throws {
        #expect(try Animation(swiftUI: ".default", default: .pre17) == .default(.pre17))
        #expect(try Animation(swiftUI: ".default.delay(1)", default: .legacy) == Animation.default(.legacy).delay(1))
    }

    /// Columns counted by hand (from 1); `.end` cases point one past the last character.
    static let malformed: [(text: String, column: Int, mentions: String)] = [
        (".sprung", 2, "unknown animation '.sprung'"),
        ("spring(response: 0.4)", 1, "starts with '.'"),
        (".spring(response: -1)", 19, "> 0"),
        (".spring(dampingFraction: 0.5, response: 0.3)", 31, "must come before"),
        (".spring(response: 0.3, bounce: 0.2)", 24, "cannot be combined"),
        (".linear()", 9, "needs 'duration:'"),
        (".easeIn(duration: 0.3", 22, "expected ',' or ')'"),
        (".delay(0.1)", 2, "modifies an animation"),
        (".easeIn.repeatCount(2.0)", 21, "whole number"),
        (".easeIn.speed(0)", 15, "> 0"),
        (".smooth x", 9, "unexpected 'x'"),
        (".timingCurve(0.1, 0.2, 0.3, duration: 1)", 40, "four control points"),
        (".interpolatingSpring(mass: 1)", 29, "needs 'stiffness:'"),
        (".spring(response: 0.3, response: 0.4)", 24, "given twice"),
        (".smooth(duration: 1e999)", 19, "finite"),
        (".bouncy(extraBounce: 0.8)", 22, "bounce of 1.1"),
        (".spring(response: 0.3", 22, "expected ',' or ')'"),
        (".easeIn.delay", 14, "expected '('"),
        (".easeIn.wobble(1)", 9, "unknown modifier"),
        (".default(0.2)", 9, "takes no arguments"),
        (".spring(speed: 2)", 9, "not a parameter of spring"),
        (".linear(duration: -)", 20, "digit"),
        (".easeIn.repeatForever(false)", 23, "autoreverses"),
        ("", 1, "starts with '.'"),
        (".", 2, "expected an animation name"),
        (".spring(response 0.3)", 18, "expected ':'"),
        (".easeIn.delay(1, 2)", 18, "one argument"),
        (".linear(duration: 0.3) @", 24, "unexpected character"),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedExpressionNamesTheColumn(_ index: Int) {
        let (text, column, mentions) = Self.malformed[index]
        do {
            let animation = try Animation(swiftUI: text)
            Issue.record("\(text) read as \(animation)")
        } catch {
            #expect(error.column == column, "\(text): \(error)")
            #expect(error.message.contains(mentions), "\(text): \(error)")
        }
    }

    /// Any animation built with the Swift API prints as an expression that reads back to it
    /// (unless SwiftUI's integrator cannot run it, which is an error).
    @Test func printedAnimationsReadBack() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...7), Gen.double(in: 0.05...2), Gen.double(in: -0.9...0.9),
                            Gen.int(in: 0...4).array(of: 0...3), Gen.double(in: 0.01...3).array(of: 3)) { kind, duration, bounce, modifiers, xs in
            var animation: Animation = switch kind {
            case 0: .easeInOut(duration: duration)
            case 1: .timingCurve(bounce + 0.1, bounce * 3, 0.3, 1.2, duration: duration)
            case 2: .spring(duration: duration, bounce: bounce)
            case 3: .spring(response: duration, dampingFraction: 1 - bounce, blendDuration: duration / 3)
            case 4: .interpolatingSpring(duration: duration, bounce: bounce, initialVelocity: bounce * 10)
            case 5: .interpolatingSpring(mass: duration, stiffness: 100 * duration, damping: 5 + bounce)
            case 6: .linear(duration: duration)
            default: .default
            }
            for (modifier, x) in zip(modifiers, xs) {
                switch modifier {
                case 0: animation = animation.delay(x)
                case 1: animation = animation.speed(x)
                case 2: animation = animation.repeatCount(Int(x * 3) + 1, autoreverses: x > 1)
                case 3: animation = animation.logicallyComplete(after: x)
                default: animation = animation.repeatForever(autoreverses: x < 1)
                }
            }
            let text = animation.description
            // A fluid spring beyond the damping fraction at which SwiftUI's integrator converges
            // prints too, but reads back as an error naming the bound.
            let zeta = kind == 2 ? Animation.dampingFraction(bounce: bounce) : kind == 3 ? 1 - bounce : 0
            if (kind == 2 || kind == 3) && zeta >= FluidSpringAnimation.largestStableDampingFraction(response: duration) {
                #expect(throws: PathError.self, "\(text)") { try Animation(swiftUI: text) }
            } else {
                #expect((try? Animation(swiftUI: text)) == animation, "\(text)")
            }
        }
    }
}
