import Foundation
import MotionLab

/// The scenario decoder and the SwiftUI expression parser on arbitrary bytes: a scenario whose
/// run shows finite values on every frame, or an error naming a path (and, in an expression, a
/// column inside it) — never a crash, a hang or a NaN. An expression that parses prints back to
/// text that parses to the same animation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let text = String(validating: bytes, as: UTF8.self) {
        do {
            let animation = try Animation(swiftUI: text)
            let again = try Animation(swiftUI: animation.description)
            precondition(again == animation, "\(text) printed as \(animation.description) reads back as \(again)")
        } catch {
            guard let column = error.column else { preconditionFailure("an expression error without a column: \(error)") }
            precondition(column >= 1 && column <= text.unicodeScalars.count + 1, "column \(column) outside \(text)")
        }
    }
    do {
        let document = try AnimationScenarioDocument.decode(json: bytes)
        let run = document.run(clock: FrameClock(fps: 60), window: .range(from: 0, to: 2))
        for frame in run.frames {
            precondition(frame.value.components.allSatisfy(\.isFinite), "non-finite frame \(frame)")
            precondition(frame.velocity?.components.allSatisfy(\.isFinite) ?? true, "non-finite velocity \(frame)")
        }
        precondition(!run.duration.isNaN)
    } catch {
        precondition(!error.message.isEmpty)
        if let column = error.column { precondition(column >= 1) }
    }
    return 0
}
