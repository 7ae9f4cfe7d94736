import MotionFitting
import MotionJSON

/// A fit of one channel of a recording, as its document writes it: what `fit keyframes`,
/// `fit spring` and `fit bezier` have in common, so a front end writes any of them the same way.
public protocol ChannelFitDocument {
    /// The fit's document for the channel it was made from.
    /// - Parameters:
    ///   - channel: the channel fitted and the recording's other channels.
    ///   - cssTolerance: the max error of the document's CSS `linear()` easing, in output progress.
    func json(channel: RecordingChannel, cssTolerance: Double) -> JSONValue
    /// What the fit warns about: samples left out, poorly determined parameters.
    var warnings: [String] { get }
}

extension KeyframeFit: ChannelFitDocument {}
extension SpringFit: ChannelFitDocument {}
extension BezierFit: ChannelFitDocument {}
