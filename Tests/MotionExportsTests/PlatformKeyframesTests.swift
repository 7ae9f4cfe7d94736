import Foundation
import MotionCurves
import MotionExports
import MotionKeyframes
import MotionSprings
import PropertyBased
import Testing

/// Timelines exported to every platform's keyframes, read back by small parsers written here for
/// each format's text and evaluated with a bezier bisection of our own (the platforms' cubic
/// easings are CSS cubic-bezier), against the timeline's own evaluation (MotionKeyframes).
@Suite("Timeline export to platform keyframes")
struct PlatformKeyframesTests {
    enum Ease: Equatable { case linear, hold, bezier(Double, Double, Double, Double) }
    /// A track as the platform plays it: keyframes at absolute times (seconds), each with the
    /// easing of the interval it starts; two keyframes at one time are a jump.
    struct Played {
        var name: String
        var keys: [(time: Double, value: Double, ease: Ease)] = []

        func value(at t: Double) -> Double {
            guard let first = keys.first else { return .nan }
            if t <= first.time { return keys.last { $0.time == first.time }!.value }
            guard let i = keys.lastIndex(where: { $0.time <= t }), i + 1 < keys.count else { return keys.last!.value }
            let (a, b) = (keys[i], keys[i + 1])
            let u = (t - a.time) / (b.time - a.time)
            switch a.ease {
            case .hold: return a.value
            case .linear: return a.value + (b.value - a.value) * u
            case let .bezier(x1, y1, x2, y2): return a.value + (b.value - a.value) * PlatformKeyframesTests.bezier(x1, y1, x2, y2, u)
            }
        }
    }

    struct Malformed: Error { var text: String }

    /// cubic-bezier by bisection on x (200 halvings), then y.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
        func c(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if c(x1, x2, mid) < u { lo = mid } else { hi = mid }
        }
        return c(y1, y2, (lo + hi) / 2)
    }

    /// Every decimal number in `text` (digits, '.', a leading '-'); words are skipped.
    static func numbers<S: StringProtocol>(_ text: S) -> [Double] {
        var out: [Double] = [], run = ""
        var previous: Character = " "
        for c in text {
            if c.isNumber || c == "." || (c == "-" && run.isEmpty) {
                if run.isEmpty && (previous.isLetter || previous == "_") && c != "-" { previous = c; continue }
                run.append(c)
            } else {
                if let x = Double(run) { out.append(x) }
                run = ""
            }
            previous = c
        }
        if let x = Double(run) { out.append(x) }
        return out
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }

    static func ease(_ text: String) -> Ease {
        let p = numbers(text)
        return p.count == 4 ? .bezier(p[0], p[1], p[2], p[3]) : .linear
    }

    // MARK: Parsers, one per format

    static func compose(_ text: String) throws -> [Played] {
        var out: [Played] = []
        for line in lines(text) {
            if line.hasPrefix("val ") { out.append(Played(name: String(line.dropFirst(4).prefix { $0 != " " }.dropLast(4)))); continue }
            guard line.contains(" at ") else { continue }
            let parts = line.components(separatedBy: " using ")
            let head = numbers(parts[0].replacingOccurrences(of: "f", with: " "))
            guard head.count == 2 else { throw Malformed(text: line) }
            out[out.count - 1].keys.append((head[1] / 1000, head[0], parts.count > 1 ? ease(parts[1].replacingOccurrences(of: "f", with: " ")) : .linear))
        }
        return out
    }

    static func android(_ text: String) throws -> [Played] {
        let ms = numbers(text.components(separatedBy: "android:duration=\"")[1].prefix { $0 != "\"" })[0]
        var curves: [String: Ease] = [:]
        for block in text.components(separatedBy: "<!-- res/interpolator/").dropFirst() {
            let file = String(block.prefix { $0 != "." })
            func attribute(_ name: String) -> Double { numbers(block.components(separatedBy: "android:\(name)=\"")[1].prefix { $0 != "\"" })[0] }
            curves[file] = .bezier(attribute("controlX1"), attribute("controlY1"), attribute("controlX2"), attribute("controlY2"))
        }
        var out: [Played] = []
        for line in lines(text) {
            if line.hasPrefix("<propertyValuesHolder") {
                out.append(Played(name: line.components(separatedBy: "propertyName=\"")[1].components(separatedBy: "\"")[0]))
            }
            guard line.hasPrefix("<keyframe") else { continue }
            func attribute(_ name: String) -> String? {
                let parts = line.components(separatedBy: "android:\(name)=\"")
                return parts.count > 1 ? parts[1].components(separatedBy: "\"")[0] : nil
            }
            let fraction = Double(attribute("fraction")!)!, value = Double(attribute("value")!)!
            // The interpolator shapes the interval that ends at this keyframe.
            if let name = attribute("interpolator") {
                let file = String(name.dropFirst("@interpolator/".count))
                out[out.count - 1].keys[out[out.count - 1].keys.count - 1].ease = curves[file]!
            }
            out[out.count - 1].keys.append((fraction * ms / 1000, value, .linear))
        }
        return out
    }

    static func flutter(_ text: String) throws -> [Played] {
        let us = numbers(text.components(separatedBy: "microseconds:")[1].prefix { $0 != ")" })[0]
        var out: [Played] = []
        var items: [(from: Double, to: Double, ease: Ease, weight: Double)] = []
        func finish() {
            guard !items.isEmpty else { return }
            let total = items.map(\.weight).reduce(0, +)
            var time = 0.0
            for item in items {
                out[out.count - 1].keys.append((time, item.from, item.ease))
                time += item.weight / total * us / 1e6
                out[out.count - 1].keys.append((time, item.to, .linear))
            }
            items = []
        }
        for line in lines(text) {
            if line.hasPrefix("late final Animation<double> ") {
                finish()
                let name = String(line.dropFirst("late final Animation<double> ".count).prefix { $0 != " " })
                out.append(Played(name: name))
                if line.contains("= ConstantTween") { out[out.count - 1].keys = [(0, numbers(line.components(separatedBy: "ConstantTween<double>")[1])[0], .hold)] }
            }
            guard line.hasPrefix("TweenSequenceItem(") else { continue }
            let weight = numbers(line.components(separatedBy: "weight:")[1])[0]
            if line.contains("ConstantTween") {
                let v = numbers(line.components(separatedBy: "ConstantTween<double>")[1])[0]
                items.append((v, v, .hold, weight))
            } else {
                let begin = numbers(line.components(separatedBy: "begin:")[1])[0], end = numbers(line.components(separatedBy: "end:")[1])[0]
                let e: Ease = line.contains("Cubic(") ? ease(line.components(separatedBy: "Cubic(")[1].components(separatedBy: ")")[0]) : .linear
                items.append((begin, end, e, weight))
            }
        }
        finish()
        return out
    }

    static func motion(_ text: String) throws -> [Played] {
        let halves = text.components(separatedBy: "}, {")
        var out: [Played] = []
        for line in lines(halves[0]) where line.contains(": [") {
            let name = line.components(separatedBy: ":")[0].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            out.append(Played(name: name, keys: numbers(line.components(separatedBy: ": [")[1]).map { (0, $0, .linear) }))
        }
        var index = -1, duration = 0.0
        for line in lines(halves[1]) {
            if line.hasSuffix(": {") { index += 1 }
            if line.hasPrefix("duration:") { duration = numbers(line)[0] }
            if line.hasPrefix("times:") {
                for (i, t) in numbers(line).enumerated() { out[index].keys[i].time = t * duration }
            }
            if line.hasPrefix("ease:") {
                var rest = Substring(line.dropFirst("ease: [".count))
                var i = 0
                while let first = rest.first(where: { $0 == "[" || $0 == "\"" }) {
                    if first == "[" {
                        let open = rest.firstIndex(of: "[")!, close = rest.firstIndex(of: "]")!
                        out[index].keys[i].ease = ease(String(rest[open...close]))
                        rest = rest[rest.index(after: close)...]
                    } else {
                        let open = rest.firstIndex(of: "\"")!
                        let after = rest[rest.index(after: open)...]
                        let close = after.firstIndex(of: "\"")!
                        #expect(after[..<close] == "linear")
                        rest = after[after.index(after: close)...]
                    }
                    i += 1
                }
            }
        }
        return out
    }

    /// Steps (to, duration in ms, delay in ms, easing) from a start value, played one after the other.
    static func sequence(_ name: String, from: Double, _ steps: [(to: Double, ms: Double, delay: Double, ease: Ease)]) -> Played {
        var played = Played(name: name, keys: [(0, from, .linear)])
        var time = 0.0, value = from
        for step in steps {
            if step.delay > 0 {
                played.keys[played.keys.count - 1].ease = .hold
                time += step.delay / 1000
                played.keys.append((time, value, .linear))
            }
            played.keys[played.keys.count - 1].ease = step.ease
            time += step.ms / 1000
            played.keys.append((time, step.to, .linear))
            value = step.to
        }
        return played
    }

    static func reanimated(_ text: String) throws -> [Played] {
        var out: [Played] = []
        var current: (name: String, from: Double, steps: [(to: Double, ms: Double, delay: Double, ease: Ease)])? = nil
        for line in lines(text) {
            if line.contains(".value = "), !line.contains("withSequence") {
                if let c = current { out.append(sequence(c.name, from: c.from, c.steps)) }
                current = (String(line.prefix { $0 != "." }), numbers(line.components(separatedBy: "= ")[1])[0], [])
            }
            guard line.hasPrefix("withTiming(") else { continue }
            let to = numbers(line.dropFirst("withTiming(".count).prefix { $0 != "," })[0]
            let ms = numbers(line.components(separatedBy: "duration:")[1].prefix { $0 != "," && $0 != "}" })[0]
            let e: Ease = line.contains("Easing.bezier(") ? ease(line.components(separatedBy: "Easing.bezier(")[1].components(separatedBy: ")")[0]) : .linear
            current!.steps.append((to, ms, 0, e))
        }
        if let c = current { out.append(sequence(c.name, from: c.from, c.steps)) }
        return out
    }

    static func reactSpring(_ text: String) throws -> [Played] {
        var out: [Played] = []
        var current: (name: String, from: Double, steps: [(to: Double, ms: Double, delay: Double, ease: Ease)])? = nil
        for line in lines(text) {
            if line.hasPrefix("from: {") {
                if let c = current { out.append(sequence(c.name, from: c.from, c.steps)) }
                let body = line.dropFirst("from: {".count)
                let colon = body.lastIndex(of: ":")!
                let name = body[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
                current = (name, numbers(body[colon...])[0], [])
            }
            guard line.hasPrefix("{ "), current != nil else { continue }
            let to = numbers(line.components(separatedBy: ": ")[1].prefix { $0 != "," && $0 != " " })[0]
            let delay = line.contains("delay:") ? numbers(line.components(separatedBy: "delay:")[1].prefix { $0 != "," })[0] : 0
            if line.contains("immediate: true") { current!.steps.append((to, 0, delay, .linear)); continue }
            let ms = numbers(line.components(separatedBy: "duration:")[1].prefix { $0 != "," })[0]
            let e: Ease = line.contains("bezier(") ? ease(line.components(separatedBy: "bezier(")[1].components(separatedBy: ")")[0]) : .linear
            current!.steps.append((to, ms, delay, e))
        }
        if let c = current { out.append(sequence(c.name, from: c.from, c.steps)) }
        return out
    }

    static func coreAnimation(_ text: String) throws -> [Played] {
        var out: [Played] = []
        var values: [Double] = [], times: [Double] = [], eases: [Ease] = []
        for line in lines(text) {
            if line.contains("= CAKeyframeAnimation(keyPath: ") {
                out.append(Played(name: line.components(separatedBy: "keyPath: \"")[1].components(separatedBy: "\"")[0]))
                (values, times, eases) = ([], [], [])
            }
            if line.contains(".values = [") { values = numbers(line.components(separatedBy: "[")[1].components(separatedBy: "]")[0]) }
            if line.contains(".keyTimes = [") { times = numbers(line.components(separatedBy: "[")[1].components(separatedBy: "]")[0]) }
            if line.hasPrefix("CAMediaTimingFunction(") {
                eases.append(line.contains("controlPoints:") ? ease(line.components(separatedBy: "controlPoints:")[1]) : .linear)
            }
            if line.contains(".duration = "), !line.hasPrefix("group") {
                let d = numbers(line.components(separatedBy: "= ")[1])[0]
                #expect(eases.count == values.count - 1 && times.count == values.count)
                out[out.count - 1].keys = values.indices.map { (times[$0] * d, values[$0], $0 < eases.count ? eases[$0] : .linear) }
            }
        }
        return out
    }

    static let parsers: [(ExportFormat, @Sendable (String) throws -> [Played])] = [
        (.compose, compose), (.android, android), (.flutter, flutter), (.motion, motion), (.reanimated, reanimated),
        (.reactSpring, reactSpring), (.coreAnimation, coreAnimation),
    ]

    /// The largest |played − exact| over `times` in units of each track's value range, less the
    /// stated error, away from the jumps (± `jumpMargin` s).
    static func deviation(_ timeline: TimelineDocument, _ export: TimelineExport, _ format: ExportFormat, times: [Double],
                          jumpMargin: Double) throws -> (relative: Double, absolute: Double, stated: Double) {
        let result = try export.export(format)
        let played = try parsers.first { $0.0 == format }!.1(result.text)
        #expect(played.count == export.tracks.count, "\(format)")
        var relative = 0.0, absolute = 0.0
        for (track, p) in zip(export.tracks, played) {
            let path = timeline.paths[timeline.tracks.lastIndex { $0.property == track.property }!]
            let values = (0...200).map { path.value(at: path.duration * Double($0) / 200) } + [path.initialValue]
            let range = max(values.max()! - values.min()!, 1e-12)
            // Moves at one time play one after the other: each takes a sliver, or 1 ms in Compose.
            let jumps = track.segments.filter { $0.easing == .jump }.map(\.startTime)
            let step = format == .compose ? 1e-3 : TimelineExport.jumpWidth
            let zones = Set(jumps).map { t in (t - jumpMargin)...(t + TimelineExport.jumpWidth + jumpMargin + Double(jumps.count { $0 == t } - 1) * step) }
            for t in times where !zones.contains(where: { $0.contains(t) }) {
                let error = abs(p.value(at: t) - path.value(at: t))
                relative = max(relative, (error - track.maxError) / range)
                absolute = max(absolute, error)
            }
        }
        return (relative, absolute, result.maxError)
    }

    /// How far around a jump the played value may still be the other side of it: Compose puts
    /// each keyframe at a whole millisecond (a jump takes 1 ms); Android plays the whole timeline
    /// in whole milliseconds, so a jump at t moves by t·(scale − 1), at most the rounding of the
    /// duration; the others jump within ``TimelineExport/jumpWidth``.
    static func jumpMargin(_ format: ExportFormat, _ export: TimelineExport) -> Double {
        switch format {
        case .compose: 1.5e-3
        case .android: abs(max(1, (export.playDuration * 1000).rounded()) / 1000 - export.playDuration) + 1e-6
        default: 1e-6
        }
    }

    static func randomTimeline(_ specs: [[Double]], wholeMilliseconds: Bool = false) -> TimelineDocument {
        let keyframes: [Keyframe<Double>] = specs.map { s in
            let to = -10 + 20 * s[1]
            var d = 0.05 + 0.9 * s[2]
            if wholeMilliseconds { d = (d * 1000).rounded() / 1000 }
            switch Int(s[0] * 3) {
            case 0 where !wholeMilliseconds: return .move(MoveKeyframe(to))
            case 1: return .linear(LinearKeyframe(to, duration: d, timingCurve: [UnitCurve.linear, .easeInOut,
                        .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.7, y: 1.3))][Int(s[3] * 2.99)]))
            default: return .cubic(CubicKeyframe(to, duration: d, startVelocity: s[3] < 0.2 ? 80 * s[4] - 40 : nil))
            }
        }
        let half = keyframes.count / 2
        return TimelineDocument(initialValue: .properties([.init("x", 1), .init("y", -2)]), tracks: [
            TimelineDocument.Track("x", keyframes: Array(keyframes[..<max(half, 1)])), TimelineDocument.Track("y", keyframes: Array(keyframes[max(half, 1)...])),
        ])
    }

    /// Timelines from a seeded generator (SplitMix64): the same cases on every run, so a failure
    /// is replayed without shrinking (which takes minutes on these exports). Seeds 1…1000 × 5
    /// timelines were swept once for the rounding formats with no bound exceeded; the sweep found
    /// the two faults this test now guards: several moves at one time (Compose spends 1 ms on
    /// each) and error peaks at the exact keyframe times between the rounded ones.
    static func seededSpecs(count: Int, seed: UInt64) -> [[[Double]]] {
        var state = seed
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in (0..<(2 + Int(next() * 7))).map { _ in (0..<5).map { _ in next() } } }
    }

    @Test("Cubic, linear and move keyframes: exact where times are exact, within the stated bound where the platform rounds them")
    func exact() async throws {
        for specs in Self.seededSpecs(count: 40, seed: 20_261_123) {
            let timeline = Self.randomTimeline(specs)
            guard timeline.duration > 0 else { continue }
            let export = try TimelineExport(timeline)
            let times = (0...400).map { timeline.duration * Double($0) / 400 }
            for (format, _) in Self.parsers {
                let rounds = [.compose, .android, .flutter].contains(format)
                let d = try Self.deviation(timeline, export, format, times: times, jumpMargin: Self.jumpMargin(format, export))
                if rounds {
                    #expect(d.absolute <= d.stated * 1.01 + 1e-9, "\(format) \(specs): \(d)")
                } else {
                    #expect(d.stated < 1e-12 * 20, "\(format)")
                    #expect(d.relative < 1e-8, "\(format) \(specs): \(d)")
                }
            }
        }
    }

    @Test("Whole-millisecond timelines without moves are exact on Compose and Android too, unless a steep cubic is halved")
    func wholeMilliseconds() async throws {
        await propertyCheck(count: 20, input: Gen.double(in: 0...1).array(of: 5).array(of: 2...6)) { specs in
            let timeline = Self.randomTimeline(specs, wholeMilliseconds: true)
            guard timeline.duration > 0 else { return }
            let export = try TimelineExport(timeline)
            let times = (0...400).map { timeline.duration * Double($0) / 400 }
            for format in [ExportFormat.compose, .android] {
                let d = try Self.deviation(timeline, export, format, times: times, jumpMargin: 0)
                // A cubic halved (ordinates beyond 8) puts keyframes at half milliseconds.
                let halved = export.tracks.contains { $0.segments.contains { ($0.startTime * 1000 - ($0.startTime * 1000).rounded()).magnitude > 1e-6 } }
                if halved && format == .compose {
                    #expect(d.absolute <= d.stated * 1.01 + 1e-9, "\(format) \(specs): \(d)")
                } else {
                    #expect(d.relative < 1e-8, "\(format) \(specs): \(d)")
                    #expect(d.stated < 1e-9, "\(format) \(specs): \(d)")
                }
            }
        }
    }

    @Test("Springs and circular curves are baked into straight-line keyframes within the stated error")
    func baked() throws {
        let timeline = TimelineDocument.springsAndCircularCurves
        let export = try TimelineExport(timeline, tolerance: 0.3)
        let times = (0...2400).map { timeline.duration * Double($0) / 2400 }
        for (format, _) in Self.parsers {
            let d = try Self.deviation(timeline, export, format, times: times, jumpMargin: Self.jumpMargin(format, export))
            #expect(d.stated <= 0.3 || format == .compose, "\(format): \(d)")
            #expect(d.absolute <= d.stated * 1.01 + 1e-9, "\(format): \(d)")
            let result = try export.export(format)
            #expect(result.notes.contains { $0.contains("baked into straight-line keyframes") }, "\(format)")
            #expect(!result.text.contains("nan") && !result.text.contains("inf"), "\(format)")
        }
    }

    @Test("Texts: Compose's notes name the timing shift; Android names each interpolator file; Reanimated jumps in 0 ms")
    func texts() throws {
        let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [
            .cubic(CubicKeyframe(10, duration: 0.5)), .move(MoveKeyframe(20)), .linear(LinearKeyframe(30, duration: 0.5, timingCurve: .easeIn))])])
        let export = try TimelineExport(timeline)
        let compose = try export.export(.compose)
        #expect(compose.text.contains("durationMillis = 1000"))
        #expect(compose.text.contains("0f at 0 using CubicBezierEasing(0.3333333333333333f, 0f, 0.6666666666666666f, 1f)"))
        #expect(compose.notes.contains { $0.contains("whole milliseconds: keyframes moved by up to 0.99 ms") })
        let android = try export.export(.android, name: "Card")
        #expect(android.text.contains("<!-- res/interpolator/card_1.xml -->") && android.text.contains("<!-- res/interpolator/card_2.xml -->"))
        #expect(android.text.contains("android:interpolator=\"@android:anim/linear_interpolator\""))
        let reanimated = try export.export(.reanimated)
        #expect(reanimated.text.contains("withTiming(20, { duration: 0 })"))
        #expect(!reanimated.notes.contains { $0.contains("µs") })
        let reactSpring = try export.export(.reactSpring)
        #expect(reactSpring.text.contains("{ value: 20, immediate: true }"))
        let flutter = try export.export(.flutter)
        #expect(flutter.notes.contains { $0.contains("0.001") })
    }
}
