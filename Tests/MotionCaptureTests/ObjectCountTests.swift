import MotionCapture
import Testing

/// The tracker's object counts, the range every front end (command line, C ABI) shares: both ends,
/// the counts just outside, and the exact message naming the argument, the range and the count.
@Suite("Object count range")
struct ObjectCountTests {
    @Test("counts 1…64 are accepted", arguments: [1, 2, 63, 64])
    func inRange(count: Int) throws {
        #expect(try VideoTracker.checkedObjectCount(count) == count)
    }

    @Test("counts outside 1…64 name the argument, the range and the count", arguments: [
        (Int.min, "objects must be in 1…64; got -9223372036854775808"),
        (-1, "objects must be in 1…64; got -1"),
        (0, "objects must be in 1…64; got 0"),
        (65, "objects must be in 1…64; got 65"),
        (Int(Int32.max), "objects must be in 1…64; got 2147483647"),
    ])
    func outOfRange(count: Int, message: String) {
        #expect(throws: CaptureError.invalidOption(message)) { try VideoTracker.checkedObjectCount(count) }
    }
}
