import MotionJSON
import MotionKeyframes

/// Web Animations keyframes as a timeline: `{"keyframes": [...], "options":
/// {"duration", "easing"?}}` (what `element.animate` takes and the Web Animations export writes)
/// or a bare keyframes array with the duration in the options. Missing offsets are spaced
/// evenly as the Web Animations spec computes them; each keyframe's `easing` shapes the interval
/// it starts, mapped as ``CSSKeyframesImport`` maps CSS easings; two keyframes of a property at
/// one offset are a jump (a move keyframe).
public enum WebAnimationsImport {
    /// The timeline of the Web Animations JSON `data`.
    public static func timeline(json data: some Sequence<UInt8>, options: KeyframesImportOptions = .init()) throws(ImportError) -> TimelineDocument {
        let document: JSONValue
        do { document = try JSONValue.parse(data) } catch { throw ImportError("not JSON: \(error)") }
        return try timeline(document, options: options)
    }

    /// The timeline of a parsed Web Animations document.
    ///
    /// - Parameters:
    ///   - document: the keyframes array, or the object with `keyframes` and `options`.
    ///   - options: a duration where the document gives none, and whether to approximate.
    public static func timeline(_ document: JSONValue, options: KeyframesImportOptions = .init()) throws(ImportError) -> TimelineDocument {
        let list: [JSONValue]
        var duration = options.duration
        var globalEasing = ImportedEasing.linear
        switch document {
        case .array(let items): list = items
        case .object:
            guard case .array(let items)? = document["keyframes"] else {
                throw ImportError("a Web Animations document is {\"keyframes\": [...], \"options\": {...}} or a keyframes array; \"keyframes\" is missing or not an array")
            }
            list = items
            if let timing = document["options"] {
                if duration == nil, let ms = timing["duration"] {
                    guard let value = number(ms), value.isFinite, value > 0, value < 1e12 else {
                        throw ImportError("options.duration must be a number of milliseconds in (0, 1e12); got \(ms.serialized())")
                    }
                    duration = value / 1000
                }
                if case .string(let text)? = timing["easing"] {
                    do { globalEasing = try ImportedEasing.parse(text) } catch { throw ImportError("options.easing: \(error.message)") }
                }
                if let iterations = timing["iterations"], number(iterations) != 1 {
                    throw ImportError("options.iterations must be 1 (one play of the keyframes); got \(iterations.serialized())")
                }
                if case .string(let direction)? = timing["direction"], direction != "normal" {
                    throw ImportError("options.direction must be normal; got \(direction)")
                }
            }
        default:
            throw ImportError("a Web Animations document is {\"keyframes\": [...], \"options\": {...}} or a keyframes array")
        }
        guard let duration else { throw ImportError("no duration: give options.duration (milliseconds) or one (--duration SECONDS)") }
        guard duration.isFinite, duration > 0, duration < 1e9 else {
            throw ImportError("the duration must be a finite number of seconds in (0, 1e9); got \(duration)")
        }
        guard globalEasing == .linear else {
            throw ImportError("options.easing '\(describe(document["options"]?["easing"]))' eases the whole iteration, which no keyframe represents; use linear and per-keyframe easings")
        }
        guard !list.isEmpty else { throw ImportError("the keyframes array is empty") }
        // Offsets: given ones must be in [0, 1] and non-decreasing; missing ones are spaced evenly.
        var offsets: [Double?] = []
        for (i, keyframe) in list.enumerated() {
            guard case .object = keyframe else { throw ImportError("keyframe \(i + 1) is not an object") }
            switch keyframe["offset"] {
            case nil, .null?: offsets.append(nil)
            case let value?:
                guard let x = number(value), (0...1).contains(x) else {
                    throw ImportError("keyframe \(i + 1): offset must be a number in [0, 1]; got \(value.serialized())")
                }
                if let previous = offsets.compactMap({ $0 }).last, x < previous {
                    throw ImportError("keyframe \(i + 1): offset \(x) is below the previous offset \(previous); offsets must not decrease")
                }
                offsets.append(x)
            }
        }
        if offsets.count > 1 && offsets[0] == nil { offsets[0] = 0 }
        if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
        let spaced = EvenSpacing.filled(offsets)
        var byName: [String: ImportedProperty] = [:]
        var order: [String] = []
        for (index, keyframe) in list.enumerated() {
            guard case .object(let pairs) = keyframe else { continue }
            var easing = ImportedEasing.linear
            if let value = keyframe["easing"] {
                guard case .string(let text) = value else { throw ImportError("keyframe \(index + 1): easing must be a string") }
                do { easing = try ImportedEasing.parse(text) } catch { throw ImportError("keyframe \(index + 1): easing \(error.message)") }
                try options.admit(easing, text, at: "keyframe \(index + 1): easing")
            }
            for (key, value) in pairs where !["offset", "easing", "composite"].contains(key) {
                let name = key.hasPrefix("--") ? String(key.dropFirst(2)) : key
                guard !name.isEmpty, let number = number(value) ?? { if case .string(let s) = value { CSSValue.number(s) } else { nil } }() else {
                    throw ImportError("keyframe \(index + 1): \(key): \(value.serialized()) is not a plain number; only numeric properties import (custom properties such as --x, opacity) — translate, transform and values with units are out of scope")
                }
                if byName[name] == nil { order.append(name); byName[name] = ImportedProperty(name: name, source: "keyframe \(index + 1)") }
                byName[name]!.keys.append((spaced[index] * duration, number, easing))
            }
        }
        var properties: [ImportedProperty] = []
        for name in order {
            let property = byName[name]!
            guard property.keys.first!.time == 0, property.keys.last!.time == duration else {
                throw ImportError("\(name) has no keyframe at offset \(property.keys.first!.time == 0 ? 1 : 0): give it one (the underlying value is not known here)")
            }
            properties.append(property)
        }
        return try ImportedProperty.timeline(properties)
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let x): x.isFinite ? x : nil
        case .integer(let i): Double(i)
        default: nil
        }
    }

    private static func describe(_ value: JSONValue?) -> String {
        if case .string(let s)? = value { return s }
        return value?.serialized() ?? ""
    }
}
