import MotionExports
import MotionKeyframes

/// CSS `@keyframes` text as a timeline: every numeric property of every rule — custom
/// properties (`--x: 12`, a track `x`) and plain ones (`opacity`) — becomes a track, each
/// keyframe's `animation-timing-function` its interval's easing. `cubic-bezier(1/3, y1, 2/3, y2)`
/// becomes a cubic keyframe (the exact inverse of the CSS export), other beziers and the named
/// easings linear keyframes with that curve, `steps()` and `linear()` exact chains of move and
/// linear keyframes, and MotionLab's 10 µs jump sliver a move keyframe. The duration comes from
/// the options or an `animation` shorthand naming the rule in the text.
public enum CSSKeyframesImport {
    /// The timeline of the `@keyframes` rules in `text`.
    public static func timeline(_ text: String, options: KeyframesImportOptions = .init()) throws(ImportError) -> TimelineDocument {
        let css = CSSSource(text)
        let rules = try css.keyframesRules()
        guard !rules.isEmpty else { throw ImportError("no @keyframes rule found") }
        let shorthands = css.animationShorthands(ruleNames: Set(rules.map(\.name)))
        let initialValues = css.registeredInitialValues()
        var properties: [ImportedProperty] = []
        var owner: [String: String] = [:]
        for rule in rules {
            let shorthand = shorthands[rule.name]
            guard let duration = options.duration ?? shorthand?.duration else {
                throw ImportError("@keyframes \(rule.name) has no duration: give one (--duration SECONDS) or an animation shorthand naming the rule (animation: \(rule.name) 1s linear)")
            }
            guard duration.isFinite, duration > 0, duration < 1e9 else {
                throw ImportError("@keyframes \(rule.name): the duration must be a finite number of seconds in (0, 1e9); got \(duration)")
            }
            let defaultEasing = shorthand?.easing ?? .cubicBezier(0.25, 0.1, 0.25, 1)
            try options.admit(defaultEasing, "the animation shorthand's easing", at: "@keyframes \(rule.name)")
            // Keyframes at one offset merge, the later declaration winning (CSS Animations).
            var offsets: [Double] = []
            var declarations: [Double: [(String, String)]] = [:]
            for block in rule.blocks {
                for selector in block.selectors {
                    guard let offset = CSSSource.offset(selector) else {
                        throw ImportError("@keyframes \(rule.name): '\(selector)' is not a keyframe selector (from, to or a percentage in [0%, 100%])")
                    }
                    if declarations[offset] == nil { offsets.append(offset); declarations[offset] = [] }
                    declarations[offset]! += block.declarations
                }
            }
            offsets.sort()
            var byName: [String: ImportedProperty] = [:]
            var order: [String] = []
            for offset in offsets {
                let list = declarations[offset]!
                let where_ = "@keyframes \(rule.name) keyframe \(CSSText.percentage(offset))"
                var easing = defaultEasing
                if let timing = list.last(where: { $0.0 == "animation-timing-function" }) {
                    do { easing = try ImportedEasing.parse(timing.1) } catch { throw ImportError("\(where_): \(error.message)") }
                    try options.admit(easing, timing.1, at: where_)
                }
                var values: [String: Double] = [:]
                for (name, value) in list where name != "animation-timing-function" {
                    let property = name.hasPrefix("--") ? String(name.dropFirst(2)) : name
                    guard let number = CSSValue.number(value) else {
                        throw ImportError("\(where_): \(name): '\(value)' is not a plain number; only numeric properties import (custom properties such as --x: 12, opacity) — translate, transform and values with units are out of scope")
                    }
                    if values[property] == nil && byName[property] == nil { order.append(property) }
                    values[property] = number
                }
                for (property, value) in values {
                    byName[property, default: ImportedProperty(name: property, source: "@keyframes \(rule.name)")].keys.append((offset * duration, value, easing))
                }
            }
            for name in order {
                guard var property = byName[name] else { continue }
                if let other = owner[name] {
                    throw ImportError("the property \(name) is animated by both @keyframes \(other) and @keyframes \(rule.name); import one of them")
                }
                owner[name] = rule.name
                for (offset, index) in [(0.0, 0), (1.0, -1)] where property.keys[index == 0 ? 0 : property.keys.count - 1].time != offset * duration {
                    guard let initial = initialValues[name] else {
                        throw ImportError("@keyframes \(rule.name): \(name) has no keyframe at \(offset == 0 ? "0%" : "100%") and no @property initial-value to start from")
                    }
                    if index == 0 { property.keys.insert((0, initial, defaultEasing), at: 0) } else { property.keys.append((duration, initial, defaultEasing)) }
                }
                properties.append(property)
            }
        }
        return try ImportedProperty.timeline(properties)
    }
}
