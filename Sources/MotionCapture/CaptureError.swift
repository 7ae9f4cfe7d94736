/// Why a video could not be tracked.
public enum CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// FFmpeg is not installed (or not on `PATH`).
    case decoderMissing(String)
    /// The file is not a video FFmpeg can decode, or decoding stopped: the reason.
    case undecodable(String)
    /// The video has no frames.
    case noFrames(String)
    /// Nothing moves: no pixel changes between frames by more than the noise.
    case nothingMoves(String)
    /// An option is out of its valid range: the message names the value and the range.
    case invalidOption(String)

    public var description: String {
        switch self {
        case .decoderMissing(let message), .undecodable(let message), .noFrames(let message),
             .nothingMoves(let message), .invalidOption(let message):
            return message
        }
    }
}
