/// Reports a long fit's progress to an optional callback: fractions in [0, 1], never decreasing,
/// each passed on only when it moved by at least a thousandth (or reached 1).
struct SearchProgress {
    private let callback: ((Double) -> Void)?
    private var last = -1.0

    init(_ callback: ((Double) -> Void)?) {
        self.callback = callback
    }

    mutating func update(_ fraction: Double) {
        guard let callback else { return }
        let f = min(max(fraction, last, 0), 1)
        guard f - last >= 1e-3 || (f == 1 && last < 1) else { return }
        last = f
        callback(f)
    }
}
