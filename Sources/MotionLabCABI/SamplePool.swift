import Synchronization

/// The sample arrays of recent calls, kept to be filled again: a fresh array of a million doubles
/// costs the kernel a page fault per 4 KiB when it is first written (and an unmap when freed), about
/// as much as the copy itself, on every call. At most ``maximumArrays`` arrays of at most
/// ``maximumCount`` doubles are kept (64 MiB: one call's times and values up to 4 × 2²⁰ samples);
/// callers on several threads each take their own.
enum SamplePool {
    static let maximumArrays = 2
    static let maximumCount = 1 << 22
    private static let arrays = Mutex<[[Double]]>([])

    /// `count` doubles from `pointer` in an array taken from the pool when one is large enough.
    static func take(_ pointer: UnsafePointer<Double>, count: Int) -> [Double] {
        var array = arrays.withLock { kept -> [Double] in
            guard let index = kept.indices.filter({ kept[$0].capacity >= count }).min(by: { kept[$0].capacity < kept[$1].capacity }) else {
                return []
            }
            return kept.remove(at: index)
        }
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
        return array
    }

    /// Returns arrays to the pool once nothing else holds them (else they are simply freed).
    static func give(_ returned: [[Double]]) {
        arrays.withLock { kept in
            for array in returned where array.capacity <= maximumCount {
                kept.append(array)
            }
            if kept.count > maximumArrays {
                kept.sort { $0.capacity > $1.capacity }
                kept.removeLast(kept.count - maximumArrays)
            }
        }
    }
}

/// Runs `body` on `count` doubles from `pointer` held in a pooled array, which goes back to the
/// pool afterwards (see ``SamplePool``).
func withPooledDoubles<T>(_ pointer: UnsafePointer<Double>?, _ count: Int, _ body: ([Double]) throws -> T) throws -> T {
    guard count > 0, let pointer else { return try body(try doubles(pointer, count)) }
    let array = SamplePool.take(pointer, count: count)
    defer { SamplePool.give([array]) }
    return try body(array)
}
