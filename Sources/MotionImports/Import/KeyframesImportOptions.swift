/// How CSS `@keyframes` text and Web Animations keyframes become a timeline.
///
/// Per-keyframe easings import exactly: `cubic-bezier()` and the named easings as keyframes with
/// that curve, `linear()` as a chain of linear keyframes. `steps()` is a staircase, not a motion a
/// keyframe timeline is written with, so it is an error naming the keyframe unless
/// ``approximate`` is set — then it imports, exactly, as holds and moves. What no keyframe can
/// represent (a Web Animations `options.easing` over the whole iteration) is an error that names it.
/// For Lottie files (``MotionImport``), ``approximate`` fits a curved motion path with straight-line
/// keyframes within ``tolerance`` and states the largest deviation.
public struct KeyframesImportOptions: Sendable, Hashable {
    /// The animation's duration in seconds, when the text does not give one (an `animation`
    /// shorthand, the Web Animations `options.duration`) or to override it.
    public var duration: Double?
    /// Import what has no exact keyframe form as the closest timeline (`steps()` as holds and moves,
    /// a Lottie curved motion path fitted with straight-line keyframes).
    public var approximate: Bool
    /// With ``approximate``, the largest deviation a fitted Lottie motion path may have at a
    /// sample, in value units; `nil` for 0.1 % of the diagonal of the motion path's bounding box.
    public var tolerance: Double?

    public init(duration: Double? = nil, approximate: Bool = false, tolerance: Double? = nil) {
        self.duration = duration
        self.approximate = approximate
        self.tolerance = tolerance
    }

    /// Throws unless `easing` may be imported under these options.
    func admit(_ easing: ImportedEasing, _ text: String, at place: String) throws(ImportError) {
        if case .steps = easing, !approximate {
            throw ImportError("\(place): '\(text)' is a staircase (steps()), which a keyframe timeline does not animate with; import with --approximate to take it as holds and moves")
        }
    }
}
