/// How CSS `@keyframes` text and Web Animations keyframes become a timeline.
///
/// Every per-keyframe easing imports exactly (`cubic-bezier()`, the named easings, `steps()` as
/// moves and holds, `linear()` as a chain of linear keyframes), so nothing is approximated; what
/// no keyframe can represent (a Web Animations `options.easing` over the whole iteration) is an
/// error that names it.
public struct KeyframesImportOptions: Sendable, Hashable {
    /// The animation's duration in seconds, when the text does not give one (an `animation`
    /// shorthand, the Web Animations `options.duration`) or to override it.
    public var duration: Double?

    public init(duration: Double? = nil) {
        self.duration = duration
    }
}
