import Foundation
import MotionAnimations
import MotionCapture
import MotionCurves
import MotionIO
import MotionImports
import MotionJSON
import MotionKeyframes
import MotionSprings

extension CheckManifest {
    /// Reads the manifest at `path`: YAML when its extension is `.yaml` or `.yml`, JSON otherwise.
    /// Relative paths inside it are resolved against its directory; the timelines and scenarios
    /// it names are read and checked now, so a run never starts on a manifest it cannot finish.
    public static func load(path: String) throws(PathError) -> CheckManifest {
        let data: Data
        do {
            data = try InputReading.contents(of: path)  // streamed: a pipe or `<(cmd)` works
        } catch {
            throw PathError(file: path, message: error.reason == .directory ? "is a directory, not a manifest" : error.message)
        }
        let lowered = path.lowercased()
        let isYAML = lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
        let document: JSONValue
        if isYAML {
            guard let text = String(data: data, encoding: .utf8) else { throw PathError(file: path, message: "is not UTF-8 text") }
            do { document = try JSONValue.parse(yaml: text) } catch { throw PathError(file: path, message: "is not valid YAML: \(error)") }
        } else {
            do { document = try JSONValue.parse(data) } catch { throw PathError(file: path, message: "is not valid JSON: \(error)") }
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try decode(document, directory: directory, file: path)
    }

    /// Reads a parsed manifest; `directory` resolves its relative paths, `file` names it in errors.
    public static func decode(_ document: JSONValue, directory: String = "", file: String = "<manifest>") throws(PathError) -> CheckManifest {
        try ManifestReader(file: file, directory: directory).manifest(document)
    }
}

/// The manifest decoder: walks the document keeping the path for its errors; every key is
/// known, none appears twice, every number is finite and in range.
struct ManifestReader {
    let file: String
    let directory: String

    static let expectationKeys = ["spring", "settlingTime", "riseTime", "overshoot", "undershoot", "peakTime", "onsetTime", "matches", "baseline"]

    func fail(_ path: String, _ message: String) -> PathError {
        PathError(file: file, path: path, message: message)
    }

    func manifest(_ document: JSONValue) throws(PathError) -> CheckManifest {
        let root = try object(document, "", "a manifest", allowed: ["checks"])
        guard let checks = root["checks"] else { throw fail("", "needs \"checks\": a list of checks") }
        guard case .array(let items) = checks, !items.isEmpty else { throw fail("checks", "must be a non-empty list of checks") }
        var names = Set<String>()
        var result: [CheckSpecification] = []
        for (index, item) in items.enumerated() {
            let check = try self.check(item, "checks[\(index)]", index: index)
            guard names.insert(check.name).inserted else { throw fail("checks[\(index)].name", "repeats the name '\(check.name)'; names identify testcases and must be unique") }
            result.append(check)
        }
        return CheckManifest(checks: result, directory: directory)
    }

    func check(_ value: JSONValue, _ path: String, index: Int) throws(PathError) -> CheckSpecification {
        let o = try object(value, path, "a check", allowed: ["name", "recordings", "column", "timeUnit", "fps", "threshold", "level", "region", "objects", "expect"])
        let name = try o["name"].map { v throws(PathError) in try nonEmptyString(v, join(path, "name")) } ?? "check \(index + 1)"
        guard let recordingsValue = o["recordings"] else { throw fail(path, "needs \"recordings\": a path, a glob or a list of them") }
        let recordings: [String]
        switch recordingsValue {
        case .string: recordings = [try nonEmptyString(recordingsValue, join(path, "recordings"))]
        case .array(let list) where !list.isEmpty:
            var paths: [String] = []
            for (i, item) in list.enumerated() { paths.append(try nonEmptyString(item, "\(join(path, "recordings"))[\(i)]")) }
            recordings = paths
        default: throw fail(join(path, "recordings"), "must be a path, a glob or a non-empty list of them; got \(kind(recordingsValue))")
        }
        let column = try o["column"].map { v throws(PathError) in try nonEmptyString(v, join(path, "column")) }
        let timeUnit: TimeUnit = try choice(o["timeUnit"], join(path, "timeUnit"), "one of s, ms") ?? .s
        let fps = try o["fps"].map { v throws(PathError) in
            try number(v, join(path, "fps"), "a frame rate in (0, \(Int(RecordingClock.maximumFPS))] (for recordings with a frame column)") { $0 > 0 && $0 <= RecordingClock.maximumFPS }
        }
        if fps != nil && timeUnit != .s { throw fail(join(path, "fps"), "and timeUnit cannot both be given: a frame column is counted in frames") }
        let threshold = try o["threshold"].map { v throws(PathError) in
            try number(v, join(path, "threshold"), "a fraction of the step in (0, 1), such as 0.02") { $0 > 0 && $0 < 1 }
        } ?? 0.02
        let level: CheckLevel = try choice(o["level"], join(path, "level"), "error or warn") ?? .error
        let region = try o["region"].map { v throws(PathError) in
            let text = try nonEmptyString(v, join(path, "region"))
            do { return try PixelRegion(parsing: text) } catch {
                throw fail(join(path, "region"), "must be x,y,w,h in pixels (x, y ≥ 0; w, h in 3…32768) for videos; got '\(text)'")
            }
        }
        let objects = try o["objects"].map { v throws(PathError) in
            let counts = VideoTracker.objectCounts
            return Int(try number(v, join(path, "objects"), "a whole number of objects to track in videos, \(counts.lowerBound)…\(counts.upperBound)") {
                $0 == $0.rounded() && $0 >= Double(counts.lowerBound) && $0 <= Double(counts.upperBound)
            })
        } ?? 1
        guard let expectValue = o["expect"] else { throw fail(path, "needs \"expect\": what the recordings must show") }
        let expectPath = join(path, "expect")
        guard case .object(let pairs) = expectValue, !pairs.isEmpty else {
            throw fail(expectPath, "must be an object with at least one of \(Self.expectationKeys.joined(separator: ", "))")
        }
        _ = try object(expectValue, expectPath, "an expect object", allowed: Self.expectationKeys)
        var expectations: [Expectation] = []
        for (key, item) in pairs {
            let itemPath = join(expectPath, key)
            switch key {
            case "spring": expectations.append(try springBounds(item, itemPath))
            case "matches": expectations.append(try matches(item, itemPath))
            case "baseline": expectations.append(try baseline(item, itemPath))
            default: expectations.append(.step(StepQuantity(rawValue: key)!, try range(item, itemPath)))
            }
        }
        return CheckSpecification(name: name, recordings: recordings, column: column, timeUnit: timeUnit, fps: fps,
                                  threshold: threshold, level: level, expectations: expectations, region: region, objects: objects)
    }

    func springBounds(_ value: JSONValue, _ path: String) throws(PathError) -> Expectation {
        let allowed = SpringQuantity.allCases.map(\.rawValue)
        guard case .object(let pairs) = value, !pairs.isEmpty else {
            throw fail(path, "must be an object bounding at least one of \(allowed.joined(separator: ", "))")
        }
        _ = try object(value, path, "a spring expectation", allowed: allowed)
        var bounds: [(SpringQuantity, ValueRange)] = []
        for (key, item) in pairs { bounds.append((SpringQuantity(rawValue: key)!, try range(item, join(path, key)))) }
        return .spring(bounds)
    }

    /// `{"min", "max"}`: at least one, finite, min ≤ max.
    func range(_ value: JSONValue, _ path: String) throws(PathError) -> ValueRange {
        let o = try object(value, path, "a range {\"min\", \"max\"}", allowed: ["min", "max"])
        let min = try o["min"].map { v throws(PathError) in try number(v, join(path, "min"), "a finite number") { _ in true } }
        let max = try o["max"].map { v throws(PathError) in try number(v, join(path, "max"), "a finite number") { _ in true } }
        guard min != nil || max != nil else { throw fail(path, "must give \"min\", \"max\" or both") }
        if let min, let max, min > max { throw fail(path, "is inverted: min \(min) > max \(max)") }
        return ValueRange(min: min, max: max)
    }

    func matches(_ value: JSONValue, _ path: String) throws(PathError) -> Expectation {
        let kinds = ["timeline", "scenario", "spring", "curve"]
        let o = try object(value, path, "a matches expectation", allowed: kinds + ["maxError", "allowShift"])
        let given = kinds.filter { o[$0] != nil }
        guard given.count == 1 else {
            throw fail(path, given.isEmpty ? "needs one of \(kinds.joined(separator: ", "))" : "gives \(given.joined(separator: " and ")); give exactly one")
        }
        guard let maxErrorValue = o["maxError"] else { throw fail(path, "needs \"maxError\" (the largest |error| allowed, in the channel's units)") }
        let maxError = try number(maxErrorValue, join(path, "maxError"), "a finite number > 0") { $0 > 0 }
        var maxShift: Double? = nil
        switch o["allowShift"] {
        case nil, .bool(false)?: break
        case .bool(true)?: maxShift = .infinity  // half the recording's span, decided per recording
        case let shift?:
            maxShift = try number(shift, join(path, "allowShift"), "true, false or the largest shift in seconds, in (0, \(Int(Expectation.maximumShift))]") {
                $0 > 0 && $0 <= Expectation.maximumShift
            }
        }
        let kind = given[0], itemPath = join(path, kind), item = o[kind]!
        let reference: MotionReference
        switch kind {
        case "timeline":
            let file = try nonEmptyString(item, itemPath)
            let resolved = CheckManifest.join(directory, file)
            let data = try read(resolved, itemPath)
            // A timeline JSON, or a Lottie file, CSS @keyframes or Web Animations JSON imported.
            do { reference = .timeline(try MotionImport().anyTimeline(data, name: resolved), path: resolved) } catch {
                throw fail(itemPath, "names \(resolved), which is not a valid timeline: \(error.message)")
            }
        case "scenario":
            let file = try nonEmptyString(item, itemPath)
            let resolved = CheckManifest.join(directory, file)
            let data = try read(resolved, itemPath)
            do { reference = .scenario(try AnimationScenarioDocument.decode(json: data), path: resolved) } catch {
                throw fail(itemPath, "names \(resolved), which is not a valid scenario: \(error)")
            }
        case "spring": reference = try springReference(item, itemPath)
        default: reference = try curveReference(item, itemPath)
        }
        return .matches(reference, maxError: maxError, maxShift: maxShift)
    }

    func springReference(_ value: JSONValue, _ path: String) throws(PathError) -> MotionReference {
        guard case .object(let pairs) = value else { throw fail(path, "must be a spring object with from and to; got \(kind(value))") }
        let o = try object(value, path, "a spring", allowed: ["duration", "bounce", "response", "dampingRatio", "mass", "stiffness", "damping",
                                                               "settlingDuration", "epsilon", "preset", "extraBounce", "allowOverDamping",
                                                               "from", "to", "startTime"])
        let (from, to) = try endpoints(o, path)
        let startTime = try o["startTime"].map { v throws(PathError) in try number(v, join(path, "startTime"), "a finite number") { _ in true } }
        let parameters = JSONValue.object(pairs.filter { !["from", "to", "startTime"].contains($0.0) })
        do {
            return .spring(try Spring.decode(timelineJSON: parameters), from: from, to: to, startTime: startTime)
        } catch {
            throw fail(error.path.isEmpty ? path : join(path, error.path), error.message)
        }
    }

    func curveReference(_ value: JSONValue, _ path: String) throws(PathError) -> MotionReference {
        let o = try object(value, path, "a curve", allowed: ["controlPoints", "from", "to", "startTime", "duration"])
        guard let pointsValue = o["controlPoints"] else { throw fail(path, "needs \"controlPoints\": [x1, y1, x2, y2]") }
        guard case .array(let items) = pointsValue, items.count == 4 else {
            throw fail(join(path, "controlPoints"), "must be an array of 4 numbers [x1, y1, x2, y2]")
        }
        var points: [Double] = []
        for (i, item) in items.enumerated() {
            points.append(try number(item, "\(join(path, "controlPoints"))[\(i)]", "a finite number") { _ in true })
        }
        let (from, to) = try endpoints(o, path)
        guard let durationValue = o["duration"] else { throw fail(path, "needs \"duration\" (seconds, > 0)") }
        let duration = try number(durationValue, join(path, "duration"), "a finite number > 0 (seconds)") { $0 > 0 }
        let startTime = try o["startTime"].map { v throws(PathError) in try number(v, join(path, "startTime"), "a finite number") { _ in true } }
        do {
            let curve = try CubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
            return .curve(curve, from: from, to: to, startTime: startTime, duration: duration)
        } catch {
            throw fail(join(path, "controlPoints"), "\(error)")
        }
    }

    func endpoints(_ o: [String: JSONValue], _ path: String) throws(PathError) -> (Double, Double) {
        guard let fromValue = o["from"] else { throw fail(path, "needs \"from\" (the value before the step)") }
        guard let toValue = o["to"] else { throw fail(path, "needs \"to\" (the value after the step)") }
        return (try number(fromValue, join(path, "from"), "a finite number") { _ in true },
                try number(toValue, join(path, "to"), "a finite number") { _ in true })
    }

    func baseline(_ value: JSONValue, _ path: String) throws(PathError) -> Expectation {
        let o = try object(value, path, "a baseline expectation", allowed: ["recording", "maxError"])
        guard let recording = o["recording"] else { throw fail(path, "needs \"recording\": the accepted recording's path, {stem} standing for the recording's name") }
        let template = try nonEmptyString(recording, join(path, "recording"))
        guard let maxErrorValue = o["maxError"] else { throw fail(path, "needs \"maxError\" (the largest |error| allowed, in the channel's units)") }
        let maxError = try number(maxErrorValue, join(path, "maxError"), "a finite number > 0") { $0 > 0 }
        return .baseline(template: template, maxError: maxError)
    }

    // MARK: Values

    /// The largest timeline or scenario file a manifest may name.
    static let maximumReferenceSize = 64 << 20

    /// A referenced file's bytes: a regular file (not a device or a pipe, which could stream
    /// forever) of at most ``maximumReferenceSize`` bytes.
    func read(_ file: String, _ path: String) throws(PathError) -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else {
            throw fail(path, "names \(file), which cannot be read (no such file)")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw fail(path, "names \(file), which is not a regular file")
        }
        if let size = attributes[.size] as? Int, size > Self.maximumReferenceSize {
            throw fail(path, "names \(file), which has \(size) bytes; a reference may have at most \(Self.maximumReferenceSize)")
        }
        do { return try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw fail(path, "names \(file), which cannot be read (not a readable file)")
        }
    }

    func join(_ path: String, _ key: String) -> String { JSONValue.join(path, key) }

    /// An object's pairs, with every key known and none twice.
    func object(_ value: JSONValue, _ path: String, _ what: String, allowed: [String]) throws(PathError) -> [String: JSONValue] {
        do {
            return try value.strictMembers(at: path, describedAs: what, allowed: allowed)
        } catch {
            throw fail(error.path, error.message)
        }
    }

    func nonEmptyString(_ value: JSONValue, _ path: String) throws(PathError) -> String {
        guard case .string(let text) = value, !text.isEmpty else { throw fail(path, "must be a non-empty string; got \(kind(value))") }
        return text
    }

    /// A case of `Choice` named by its raw value, or nil when the key is absent; `cases` lists the
    /// valid names for the error.
    func choice<Choice: RawRepresentable<String>>(_ value: JSONValue?, _ path: String, _ cases: String) throws(PathError) -> Choice? {
        guard let value else { return nil }
        let text = try nonEmptyString(value, path)
        guard let parsed = Choice(rawValue: text) else { throw fail(path, "must be \(cases); got '\(text)'") }
        return parsed
    }

    /// ``JSONValue/number(at:mustBe:where:)``, its error naming the manifest's file.
    func number(_ value: JSONValue, _ path: String, _ rule: String, _ valid: (Double) -> Bool) throws(PathError) -> Double {
        do {
            return try value.number(at: path, mustBe: rule, where: valid)
        } catch {
            throw fail(error.path, error.message)
        }
    }

    func kind(_ value: JSONValue) -> String { value.kindDescription }
}
