import MotionCurves
import MotionExports
import MotionKeyframes

/// One piece of an imported property's motion, in seconds and value units: what one keyframe of
/// a timeline holds.
struct ImportedPiece: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case line, hold, jump
        /// `cubic-bezier(x1, y1, x2, y2)` from ``ImportedPiece/from`` to ``ImportedPiece/to``.
        case bezier(Double, Double, Double, Double)
    }
    var start: Double
    var end: Double
    var from: Double
    var to: Double
    var kind: Kind

    /// The longest interpolated piece taken for a jump: the 10 µs sliver MotionLab's exports give
    /// a move keyframe (`TimelineExport.jumpWidth`), with room for rounding.
    static let sliver = TimelineExport.jumpWidth * 1.5

    /// The pieces of one keyframe interval: its easing from `from` at `start` to `to` at `end`.
    static func pieces(start: Double, end: Double, from: Double, to: Double, easing: ImportedEasing) -> [ImportedPiece] {
        let d = end - start, delta = to - from
        guard d > 0 else { return from == to ? [] : [ImportedPiece(start: start, end: start, from: from, to: to, kind: .jump)] }
        switch easing {
        case .linear:
            return [ImportedPiece(start: start, end: end, from: from, to: to, kind: from == to ? .hold : .line)]
        case let .cubicBezier(x1, y1, x2, y2):
            if from == to { return [ImportedPiece(start: start, end: end, from: from, to: to, kind: .hold)] }
            if x1 == y1 && x2 == y2 && !(abs(x1 - 1.0 / 3) <= 1e-9 && abs(x2 - 2.0 / 3) <= 1e-9) { return [ImportedPiece(start: start, end: end, from: from, to: to, kind: .line)] }
            return [ImportedPiece(start: start, end: end, from: from, to: to, kind: .bezier(x1, y1, x2, y2))]
        case let .steps(n, position):
            // CSS Easing: the output after the k-th of n intervals (u in [k/n, (k+1)/n)).
            let level: (Int) -> Double = { k in
                switch position {
                case .jumpStart: Double(k + 1) / Double(n)
                case .jumpEnd: Double(k) / Double(n)
                case .jumpNone: Double(k) / Double(n - 1)
                case .jumpBoth: Double(k + 1) / Double(n + 1)
                }
            }
            var out: [ImportedPiece] = []
            var value = from
            for k in 0..<n {
                let t0 = start + d * Double(k) / Double(n), t1 = k == n - 1 ? end : start + d * Double(k + 1) / Double(n)
                let v = from + delta * level(k)
                if v != value { out.append(ImportedPiece(start: t0, end: t0, from: value, to: v, kind: .jump)) }
                out.append(ImportedPiece(start: t0, end: t1, from: v, to: v, kind: .hold))
                value = v
            }
            if value != to { out.append(ImportedPiece(start: end, end: end, from: value, to: to, kind: .jump)) }
            return out
        case let .stops(inputs, outputs):
            var out: [ImportedPiece] = []
            var (time, value) = (start, from)
            func go(_ t: Double, _ v: Double) {
                if t <= time {
                    if v != value { out.append(ImportedPiece(start: time, end: time, from: value, to: v, kind: .jump)) }
                } else {
                    out.append(ImportedPiece(start: time, end: t, from: value, to: v, kind: v == value ? .hold : .line))
                }
                (time, value) = (max(time, t), v)
            }
            for (x, y) in zip(inputs, outputs) {
                let clamped = min(max(x, 0), 1)
                if x > 0 && out.isEmpty && time == start && clamped > 0 { go(start, from + delta * outputs[0]) }
                go(clamped >= 1 ? end : start + d * clamped, from + delta * y)
            }
            if time < end { go(end, value) }
            if value != to { go(end, to) }
            return out
        }
    }

    /// The same motion started earlier, at `time` (< ``start``): a line or a bezier continued
    /// backwards (de Casteljau blossoming), a hold held. Undoes the cut MotionLab's exports make
    /// after a jump's sliver (`EasedSegment.suffix(from:)`).
    func extended(back time: Double) -> ImportedPiece {
        var piece = self
        piece.start = time
        let length = end - start, by = start - time
        guard length > 0, by > 0 else { return piece }
        switch kind {
        case .hold, .jump: break
        case .line:
            piece.from = from - (to - from) / length * by
        case let .bezier(x1, y1, x2, y2):
            // The parameter r0 < 0 where the curve's time reaches −by/length.
            func x(_ r: Double) -> Double { 3 * (1 - r) * (1 - r) * r * x1 + 3 * (1 - r) * r * r * x2 + r * r * r }
            func dx(_ r: Double) -> Double { 3 * (1 - r) * (1 - r) * x1 + 6 * (1 - r) * r * (x2 - x1) + 3 * r * r * (1 - x2) }
            let target = -by / length
            var r = x1 > 0 ? target / (3 * x1) : -(abs(target) / max(3 * x2, 1e-300)).squareRoot()
            for _ in 0..<40 {
                let slope = dx(r)
                guard slope.isFinite, slope != 0 else { break }
                r -= (x(r) - target) / slope
            }
            guard r.isFinite, r < 0, abs(x(r) - target) <= 1e-12 * max(1, abs(target)) + 1e-15 else { piece.kind = .line; return piece.extended(back: time) }
            // Blossoms B(r, r, r), B(r, r, 1), B(r, 1, 1) of the control points (0, p1, p2, 1).
            func blossom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: (Double, Double, Double)) -> Double {
                func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double { a + (b - a) * s }
                let a = lerp(p0, p1, u.0), b = lerp(p1, p2, u.0), c = lerp(p2, p3, u.0)
                let d = lerp(a, b, u.1), e = lerp(b, c, u.1)
                return lerp(d, e, u.2)
            }
            let delta = to - from
            let ys = (from, from + y1 * delta, from + y2 * delta, to)
            let xs = [(r, r, r), (r, r, 1.0), (r, 1.0, 1.0)].map { blossom(0, x1, x2, 1, $0) }
            let vs = [(r, r, r), (r, r, 1.0), (r, 1.0, 1.0)].map { blossom(ys.0, ys.1, ys.2, ys.3, $0) }
            let span = 1 - xs[0], newDelta = to - vs[0]
            guard span > 0, newDelta != 0 else { piece.from = vs[0]; piece.kind = .line; return piece }
            piece.from = vs[0]
            piece.kind = .bezier((xs[1] - xs[0]) / span, (vs[1] - vs[0]) / newDelta, (xs[2] - xs[0]) / span, (vs[2] - vs[0]) / newDelta)
        }
        return piece
    }

    /// The keyframes of a property's pieces in time order: a jump (or MotionLab's sliver before
    /// a piece, which is continued back over it) is a move keyframe; `cubic-bezier(1/3, y1, 2/3,
    /// y2)` a cubic keyframe with start velocity 3·y1·Δ/d and end velocity 3·(1 − y2)·Δ/d (the
    /// exact inverse of the export); any other bezier a linear keyframe with that timing curve;
    /// a line or a hold a linear keyframe.
    static func keyframes(_ input: [ImportedPiece]) -> [Keyframe<Double>] {
        var pieces = input
        var out: [Keyframe<Double>] = []
        var i = 0
        while i < pieces.count {
            let p = pieces[i]
            let d = p.end - p.start
            if p.kind == .jump || d <= 0 {
                out.append(.move(MoveKeyframe(p.to)))
            } else if p.kind == .line && d <= sliver && i + 1 < pieces.count && pieces[i + 1].kind != .jump
                        && pieces[i + 1].end - pieces[i + 1].start > sliver {
                pieces[i + 1] = pieces[i + 1].extended(back: p.start)
                out.append(.move(MoveKeyframe(pieces[i + 1].from)))
            } else if p.kind == .line && d <= sliver && i + 1 == pieces.count {
                out.append(.move(MoveKeyframe(p.to)))
            } else {
                switch p.kind {
                case .hold, .jump: out.append(.linear(LinearKeyframe(p.to, duration: d)))
                case .line: out.append(.linear(LinearKeyframe(p.to, duration: d)))
                case let .bezier(x1, y1, x2, y2):
                    let delta = p.to - p.from
                    if abs(x1 - 1.0 / 3) <= 1e-9 && abs(x2 - 2.0 / 3) <= 1e-9 && delta != 0 {
                        out.append(.cubic(CubicKeyframe(p.to, duration: d, startVelocity: 3 * y1 * delta / d, endVelocity: 3 * (1 - y2) * delta / d)))
                    } else {
                        out.append(.linear(LinearKeyframe(p.to, duration: d, timingCurve: Self.curve(x1, y1, x2, y2))))
                    }
                }
            }
            i += 1
        }
        return out
    }

    /// A bezier timing curve, SwiftUI's named one when the control points are its own (to 1e-12).
    static func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> UnitCurve {
        for named in [UnitCurve.easeIn, .easeOut, .easeInOut] {
            if let p = named.controlPoints, abs(p.start.x - x1) <= 1e-12, abs(p.start.y - y1) <= 1e-12,
               abs(p.end.x - x2) <= 1e-12, abs(p.end.y - y2) <= 1e-12 { return named }
        }
        return .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
    }
}
