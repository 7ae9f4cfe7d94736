import Foundation
import MotionJSON
import MotionKeyframes

/// The imports behind one door: a Lottie file, CSS `@keyframes` text or Web
/// Animations keyframes JSON, told apart by their content, read into a keyframe timeline.
public struct MotionImport: Sendable {
    /// What a file holds.
    public enum Source: String, Sendable, Hashable {
        case lottie
        case css
        case webAnimations = "waapi"
    }

    /// The Lottie layer to read (default: the only layer, or the first animated one).
    public var layer: String?
    /// A JSON path within the Lottie layer to read alone.
    public var property: String?
    /// The CSS and Web Animations options: a duration where the text gives none, `approximate`.
    public var options: KeyframesImportOptions

    public init(layer: String? = nil, property: String? = nil, options: KeyframesImportOptions = .init()) {
        self.layer = layer
        self.property = property
        self.options = options
    }

    /// What `data` holds: Lottie (JSON with `layers` and `fr`), Web Animations (a JSON array, or an
    /// object with `keyframes` and no `initialValue`), CSS (text with `@keyframes`); `nil` for
    /// anything else (a timeline, say).
    public static func source(of data: Data) -> Source? {
        source(of: data, parsed: try? JSONValue.parse(data))
    }

    /// ``source(of:)`` of `data` already parsed, so that a caller that reads the JSON itself
    /// reads it once.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (CSS is told by its text).
    ///   - document: `data` parsed as JSON; `nil` when it is not JSON.
    public static func source(of data: Data, parsed document: JSONValue?) -> Source? {
        if let document {
            if LottieImport.isLottie(document) { return .lottie }
            // Web Animations keyframes are objects of properties; a timeline's have a "type".
            func webAnimationsKeyframes(_ list: JSONValue?) -> Bool {
                guard case .array(let items)? = list else { return list != nil }
                return items.allSatisfy { item in
                    guard case .object = item else { return false }
                    return item["type"] == nil
                }
            }
            switch document {
            case .array: return webAnimationsKeyframes(document) ? .webAnimations : nil
            case .object where document["keyframes"] != nil && document["initialValue"] == nil:
                return webAnimationsKeyframes(document["keyframes"]) ? .webAnimations : nil
            default: return nil
            }
        }
        guard let text = String(data: data, encoding: .utf8), text.contains("@keyframes") else { return nil }
        return .css
    }

    /// The timeline in `data`; `name` names the file in errors. What ``KeyframesImportOptions/approximate``
    /// fitted is not stated here: ``imported(_:name:)`` says it.
    public func timeline(_ data: Data, name: String) throws(ImportError) -> TimelineDocument {
        try imported(data, name: name).timeline
    }

    /// The timeline in `data` with what was approximated and its largest deviation (a Lottie
    /// curved motion path with ``KeyframesImportOptions/approximate``); `name` names the file in
    /// errors and notes.
    public func imported(_ data: Data, name: String) throws(ImportError) -> ImportedTimeline {
        try imported(data, parsed: try? JSONValue.parse(data), name: name)
    }

    /// ``imported(_:name:)`` of `data` already parsed, so that a caller that reads the JSON itself
    /// reads it once.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - document: `data` parsed as JSON; `nil` when it is not JSON (CSS text).
    ///   - name: names the file in errors and notes.
    public func imported(_ data: Data, parsed document: JSONValue?, name: String) throws(ImportError) -> ImportedTimeline {
        guard let imported = try importedIfRecognised(data, parsed: document, name: name) else {
            throw ImportError("\(name) is neither a Lottie file, CSS @keyframes text nor Web Animations keyframes JSON")
        }
        return imported
    }

    /// The timeline in `data` when it holds a Lottie file, CSS `@keyframes` text or Web Animations
    /// JSON (``source(of:parsed:)``), with what was approximated; `nil` for anything else — a
    /// timeline, a scenario, a fit's document — which the caller reads itself. The one door for
    /// readers that take those besides the imports: the JSON is parsed once, the source told once.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - document: `data` parsed as JSON; `nil` when it is not JSON (CSS text).
    ///   - name: names the file in errors and notes.
    public func importedIfRecognised(_ data: Data, parsed document: JSONValue?, name: String) throws(ImportError) -> ImportedTimeline? {
        guard let source = Self.source(of: data, parsed: document) else { return nil }
        if source != .lottie && (layer != nil || property != nil) {
            throw ImportError("\(name): --layer and --property choose within a Lottie file; this is \(source == .css ? "CSS text" : "Web Animations JSON")")
        }
        do throws(ImportError) {
            switch (source, document) {
            case (.lottie, let document?):
                do {
                    var result = try LottieImport(layer: layer, property: property, approximate: options.approximate,
                                                  tolerance: options.tolerance).imported(document)
                    result.notes = result.notes.map { "\(name): \($0)" }
                    return result
                } catch {
                    throw ImportError("\(name): \(error)")
                }
            case (.css, _):
                return ImportedTimeline(timeline: try CSSKeyframesImport.timeline(String(decoding: data, as: UTF8.self), options: options))
            case (.webAnimations, let document?):
                return ImportedTimeline(timeline: try WebAnimationsImport.timeline(document, options: options))
            case (.lottie, nil), (.webAnimations, nil):
                // `source(of:parsed:)` tells Lottie and Web Animations only in parsed JSON.
                throw ImportError("\(name) is not JSON")
            }
        } catch {
            throw error.message.hasPrefix(name) ? error : ImportError("\(name): \(error.message)")
        }
    }
}

extension MotionImport {
    /// A keyframe timeline from `data`: timeline JSON as it is, a Lottie file, CSS `@keyframes`
    /// text or Web Animations JSON imported, or the timeline of a keyframe fit's document —
    /// what `keyframes eval`, `report`, `export` and `check` take wherever they take a timeline.
    public func anyTimeline(_ data: Data, name: String) throws(ImportError) -> TimelineDocument {
        let document = try? JSONValue.parse(data)
        if let imported = try importedIfRecognised(data, parsed: document, name: name) { return imported.timeline }
        if let document, let fitted = try Self.fittedTimeline(in: document, name: name) { return fitted }
        do {
            // Text that is not JSON is read again for the syntax error's line and column.
            if let document { return try TimelineDocument.decode(document) }
            return try TimelineDocument.decode(json: data)
        } catch {
            throw ImportError("\(name): \(error)")
        }
    }
}

extension MotionImport {
    /// The timeline of a keyframe fit's document (`fit keyframes --json`, one channel or several:
    /// a `timeline` beside the fit's `rmse`), or nil when `document` is not one.
    public static func fittedTimeline(in document: JSONValue, name: String) throws(ImportError) -> TimelineDocument? {
        guard let timeline = document["timeline"], document["rmse"] != nil else { return nil }
        do { return try TimelineDocument.decode(timeline) } catch { throw ImportError("\(name): timeline \(error)") }
    }
}
