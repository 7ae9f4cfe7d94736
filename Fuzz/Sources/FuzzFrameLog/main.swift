import MotionLab

/// What the tracker parses in-process from FFmpeg and from the command line, on arbitrary bytes:
/// the `showinfo` log (line by line, as the decoder reads FFmpeg's standard error), a file's
/// first bytes as a container signature, `--region` and `--shard` values. Every input gives a
/// result or an error — never a crash — and every frame read has a size in range and, once the
/// time base is known, a finite time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    var parser = FrameLogParser()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        do {
            guard let frame = try parser.read(line) else { continue }
            precondition((1...32768).contains(frame.width) && (1...32768).contains(frame.height))
            let seconds = parser.seconds(frame.pts)
            precondition(seconds != nil && seconds!.isFinite)
        } catch {
            precondition(!error.description.isEmpty)
        }
    }
    _ = VideoFile.hasVideoMagic(bytes)
    if let region = try? PixelRegion(parsing: text) {
        precondition(region.x >= 0 && region.y >= 0 && region.width >= 3 && region.height >= 3)
    }
    if let shard = try? CheckShard(parsing: text) {
        precondition((1...shard.count).contains(shard.index))
        precondition(CheckShard.shard(of: text, count: shard.count) >= 1)
    }
    return 0
}
