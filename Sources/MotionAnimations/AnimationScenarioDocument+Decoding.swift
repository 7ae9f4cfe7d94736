import MotionJSON

extension AnimationScenarioDocument {
    /// Reads a scenario from the scenario JSON (<doc:ScenarioDocuments>), checking every rule; errors name the path
    /// (`transactions[1].animation.duration must be a finite number ≥ 0; got -0.3`) and, inside
    /// a SwiftUI expression, the column.
    ///
    /// Values are a number or an object with exactly the initial value's keys (in any order; the
    /// initial value's order is kept). Transactions and triggers are in time order, within
    /// [0, ``maximumTime``]. An animation is null, a name, an object with `type`, its parameters
    /// and modifier keys (applied as `.delay(d).speed(s).repeatCount(n, autoreverses: a)
    /// .logicallyComplete(after: t)`), or a SwiftUI expression (a string starting with `.` or
    /// `Animation`). `version` decides what `default` is.
    public static func decode(json bytes: some Sequence<UInt8>,
                              defaultAnimation version: DefaultAnimationVersion = .ios17) throws(PathError) -> Self {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw PathError(path: "", message: "is not valid JSON: \(error)")
        }
        return try decode(document, defaultAnimation: version)
    }

    /// Reads a scenario from an already parsed JSON document, with the rules and errors of
    /// ``decode(json:defaultAnimation:)``.
    public static func decode(_ document: JSONValue,
                              defaultAnimation version: DefaultAnimationVersion = .ios17) throws(PathError) -> Self {
        try ScenarioReader(version: version).document(document)
    }
}

/// The scenario decoder: walks a parsed document, keeping the path for its errors.
struct ScenarioReader {
    let version: DefaultAnimationVersion

    private func fail(_ path: String, _ message: String) -> PathError {
        PathError(path: path, message: message)
    }

    private func join(_ path: String, _ key: String) -> String { JSONValue.join(path, key) }

    /// An object's pairs, with every key known and none twice.
    private func object(_ value: JSONValue, _ path: String, _ what: String, allowed: [String]) throws(PathError) -> [String: JSONValue] {
        try value.strictMembers(at: path, describedAs: what, allowed: allowed)
    }

    private func kind(_ value: JSONValue) -> String { value.kindDescription }

    private func number(_ value: JSONValue?, _ path: String, _ rule: AnimationRecipe.Rule = .any) throws(PathError) -> Double {
        guard let value else { throw fail(path, "is needed (\(rule.text))") }
        return try value.number(at: path, mustBe: rule.text, where: rule.accepts)
    }

    private func time(_ value: JSONValue?, _ path: String, after previous: Double?) throws(PathError) -> Double {
        let t = try number(value, path, .nonNegative)
        guard t <= AnimationScenarioDocument.maximumTime else {
            throw fail(path, "must be at most \(JSONValue.format(AnimationScenarioDocument.maximumTime)) s; got \(JSONValue.format(t))")
        }
        if let previous, t < previous {
            throw fail(path, "is \(JSONValue.format(t)), before the previous one (\(JSONValue.format(previous))): times must be in order")
        }
        return t
    }

    func document(_ root: JSONValue) throws(PathError) -> AnimationScenarioDocument {
        let top = try object(root, "", "a scenario", allowed: ["initialValue", "transactions", "phaseAnimator"])
        guard let initialJSON = top["initialValue"] else {
            throw fail("initialValue", "is needed: a number or an object of numbers")
        }
        let names: [String]?
        switch initialJSON {
        case .object(let pairs):
            guard !pairs.isEmpty else { throw fail("initialValue", "must have at least one property") }
            names = pairs.map(\.0)
        default: names = nil
        }
        let initial = try value(initialJSON, "initialValue", names: names)
        switch (top["transactions"], top["phaseAnimator"]) {
        case (nil, nil): throw fail("", "needs \"transactions\" or \"phaseAnimator\"")
        case (_?, _?): throw fail("", "has \"transactions\" or \"phaseAnimator\", not both")
        case (let list?, nil):
            guard case .array(let items) = list else { throw fail("transactions", "must be an array; got \(kind(list))") }
            var transactions: [AnimationTransaction<AnimatableValue>] = []
            for (i, item) in items.enumerated() {
                let path = "transactions[\(i)]"
                let fields = try object(item, path, "a transaction", allowed: ["time", "value", "animation"])
                let t = try time(fields["time"], join(path, "time"), after: transactions.last?.time)
                guard let valueJSON = fields["value"] else { throw fail(join(path, "value"), "is needed") }
                transactions.append(AnimationTransaction(time: t, value: try value(valueJSON, join(path, "value"), names: names),
                                                         animation: try animation(fields["animation"] ?? .null, join(path, "animation"))))
            }
            try blendsConverge(transactions.enumerated().map { ($1.animation, "transactions[\($0)].animation") }, cyclic: false)
            return .transactions(AnimationScenario(initialValue: initial, transactions: transactions))
        case (nil, let phaseJSON?):
            let fields = try object(phaseJSON, "phaseAnimator", "a phase animator", allowed: ["phases", "animations", "triggers"])
            guard case .array(let phaseItems)? = fields["phases"], !phaseItems.isEmpty else {
                throw fail("phaseAnimator.phases", fields["phases"] == nil ? "is needed: an array of values" : "must be a non-empty array of values")
            }
            var phases: [AnimatableValue] = []
            for (i, item) in phaseItems.enumerated() { phases.append(try value(item, "phaseAnimator.phases[\(i)]", names: names)) }
            var animations: [Animation?] = Array(repeating: .default(version), count: phases.count)
            if let list = fields["animations"] {
                guard case .array(let items) = list, items.count == phases.count else {
                    throw fail("phaseAnimator.animations", "must be an array of \(phases.count) animations, one per phase (the animation into it); got \(kind(list))\(list.arrayCount.map { " of \($0)" } ?? "")")
                }
                for (i, item) in items.enumerated() { animations[i] = try animation(item, "phaseAnimator.animations[\(i)]") }
            }
            var triggers: [Double]?
            if let list = fields["triggers"] {
                guard case .array(let items) = list else { throw fail("phaseAnimator.triggers", "must be an array of times; got \(kind(list))") }
                var times: [Double] = []
                for (i, item) in items.enumerated() { times.append(try time(item, "phaseAnimator.triggers[\(i)]", after: times.last)) }
                triggers = times
            }
            try blendsConverge(animations.enumerated().map { ($1, "phaseAnimator.animations[\($0)]") }, cyclic: true)
            return .phaseAnimator(PhaseAnimator(phases: phases, animations: animations, triggers: triggers))
        }
    }

    /// A fluid spring with a blend duration that takes over from a stiffer fluid spring passes
    /// through the stiffnesses between the two responses with its own damping fraction, and
    /// SwiftUI's integrator diverges there if that damping fraction is beyond the stiffer end's
    /// bound (``FluidSpringAnimation/largestStableDampingFraction(response:)``). Any earlier
    /// spring (any other, in a phase animator's cycle) may be the one it takes over from.
    private func blendsConverge(_ animations: [(animation: Animation?, path: String)], cyclic: Bool) throws(PathError) {
        for (j, entry) in animations.enumerated() {
            guard let spring = entry.animation?.innermostFluidSpring, spring.blendDuration > 0 else { continue }
            let candidates = cyclic ? animations.indices.filter { $0 != j } : Array(animations.indices.prefix(j))
            guard let (i, stiffest) = candidates.compactMap({ i in animations[i].animation?.innermostFluidSpring.map { (i, $0.response) } })
                .min(by: { $0.1 < $1.1 }), stiffest < spring.response else { continue }
            let bound = FluidSpringAnimation.largestStableDampingFraction(response: stiffest)
            guard spring.dampingFraction >= bound else { continue }
            throw fail(entry.path, "blends its response from \(stiffest) s (\(animations[i].path)) to \(spring.response) s with damping fraction \(spring.dampingFraction), and SwiftUI's spring integrator (velocity-Verlet, 1/300 s steps) diverges while the response is that short: at \(stiffest) s the damping fraction must be below \((bound * 1000).rounded(.down) / 1000); use a blendDuration of 0 or a smaller damping fraction")
        }
    }

    /// A number, or an object with exactly `names` (kept in that order).
    func value(_ json: JSONValue, _ path: String, names: [String]?) throws(PathError) -> AnimatableValue {
        guard let names else {
            if case .object = json { throw fail(path, "must be a number, as initialValue is; got an object") }
            return .scalar(try component(json, path))
        }
        let fields = try object(json, path, "an object with initialValue's properties (\(names.joined(separator: ", ")))", allowed: names)
        var pairs: [(String, Double)] = []
        for name in names {
            guard let item = fields[name] else { throw fail(join(path, name), "is needed: initialValue has it") }
            pairs.append((name, try component(item, join(path, name))))
        }
        return .vector(pairs)
    }

    /// One number of a value: finite and within ±``AnimationScenarioDocument/maximumMagnitude``.
    private func component(_ json: JSONValue, _ path: String) throws(PathError) -> Double {
        let x = try number(json, path)
        let bound = AnimationScenarioDocument.maximumMagnitude
        guard abs(x) <= bound else {
            throw fail(path, "must be within ±\(JSONValue.format(bound)) (beyond, a spring's force overflows); got \(JSONValue.format(x))")
        }
        return x
    }

    /// null, a name, a SwiftUI expression, or an object with `type`.
    func animation(_ json: JSONValue, _ path: String) throws(PathError) -> Animation? {
        switch json {
        case .null: return nil
        case .string(let text):
            let trimmed = text.drop { $0.isWhitespace }
            if trimmed.hasPrefix(".") || trimmed.hasPrefix("Animation") {
                do {
                    return try Animation(swiftUI: text, default: version)
                } catch {
                    throw PathError(path: path, column: error.column, expression: text, message: error.message)
                }
            }
            guard AnimationRecipe.names.contains(text) else {
                throw fail(path, "names no animation: '\(text)' (expected one of \(AnimationRecipe.names.joined(separator: ", ")), an object with \"type\", or a SwiftUI expression such as \".spring(response: 0.4)\")")
            }
            do {
                return try AnimationRecipe.base(type: text, parameters: [], version: version)
            } catch {
                throw fail(path, error.message)
            }
        case .object(let pairs):
            guard let typeJSON = json["type"] else { throw fail(join(path, "type"), "is needed (one of \(AnimationRecipe.types.joined(separator: ", ")))") }
            guard case .string(let type) = typeJSON else { throw fail(join(path, "type"), "must be a string; got \(kind(typeJSON))") }
            guard AnimationRecipe.types.contains(type) else {
                throw fail(join(path, "type"), "is '\(type)', not an animation type (expected one of \(AnimationRecipe.types.joined(separator: ", ")))")
            }
            let modifierKeys = ["delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyCompleteAfter"]
            var parameterKeys = Set(AnimationRecipe.signatures(of: type).flatMap(\.labels))
            if type == "timingCurve" { parameterKeys.insert("controlPoints") }
            let fields = try object(json, path, "a \(type) animation", allowed: ["type"] + parameterKeys.sorted() + modifierKeys)
            var parameters: [(String, Double)] = []
            for (key, item) in pairs where parameterKeys.contains(key) && key != "controlPoints" {
                parameters.append((key, try number(item, join(path, key))))
            }
            var controlPoints: [Double]?
            if type == "timingCurve" {
                let at = join(path, "controlPoints")
                guard case .array(let items)? = fields["controlPoints"], items.count == 4 else {
                    throw fail(at, fields["controlPoints"] == nil ? "is needed: [x1, y1, x2, y2]" : "must be four numbers [x1, y1, x2, y2]")
                }
                var points: [Double] = []
                for (i, item) in items.enumerated() { points.append(try number(item, "\(at)[\(i)]")) }
                controlPoints = points
            }
            var animation: Animation
            do {
                animation = try AnimationRecipe.base(type: type, parameters: parameters, controlPoints: controlPoints, version: version)
            } catch {
                throw fail(error.parameter.map { join(path, $0) } ?? path, error.message)
            }
            func flag(_ key: String) throws(PathError) -> Bool? {
                guard let item = fields[key] else { return nil }
                guard case .bool(let b) = item else { throw fail(join(path, key), "must be true or false; got \(kind(item))") }
                return b
            }
            let autoreverses = try flag("autoreverses")
            let forever = try flag("repeatForever") ?? false
            if forever && fields["repeatCount"] != nil {
                throw fail(join(path, "repeatForever"), "cannot be combined with repeatCount")
            }
            if autoreverses != nil && !forever && fields["repeatCount"] == nil {
                throw fail(join(path, "autoreverses"), "applies only with repeatCount or repeatForever")
            }
            let steps: [(key: String, modifier: String, rule: AnimationRecipe.Rule)] = [
                ("delay", "delay", .nonNegative), ("speed", "speed", .positive), ("repeatCount", "repeatCount", .count),
                ("logicallyCompleteAfter", "logicallyComplete", .nonNegative),
            ]
            for step in steps {
                if step.key == "logicallyCompleteAfter" && forever {
                    animation = animation.repeatForever(autoreverses: autoreverses ?? true)
                }
                guard let item = fields[step.key] else { continue }
                let x = try number(item, join(path, step.key), step.rule)
                do {
                    animation = try AnimationRecipe.modify(animation, step.modifier, value: x, autoreverses: autoreverses ?? true)
                } catch {
                    throw fail(join(path, step.key), error.message)
                }
            }
            return animation
        default:
            throw fail(path, "must be null, a name, an object with \"type\", or a SwiftUI expression; got \(kind(json))")
        }
    }
}

extension JSONValue {
    /// The number of items when this is an array.
    fileprivate var arrayCount: Int? {
        if case .array(let items) = self { items.count } else { nil }
    }
}
