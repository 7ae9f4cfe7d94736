import Foundation
import MotionValues
import PropertyBased
import Testing

@Suite struct MotionValuesTests {
    /// SwiftUI's data shapes: CGPoint and CGSize are pairs of coordinates, CGRect a pair of them.
    @Test func coreGraphicsDataShapes() {
        var rect = CGRect(x: 1, y: 2, width: 30, height: 40)
        let data = rect.animatableData
        #expect(data.first.first == 1 && data.first.second == 2)
        #expect(data.second.first == 30 && data.second.second == 40)
        #expect(data.magnitudeSquared == 1 + 4 + 900 + 1600)
        rect.animatableData = data.scaled(by: 0.5)
        #expect(rect == CGRect(x: 0.5, y: 1, width: 15, height: 20))
        var point = CGPoint(x: 3, y: 4)
        #expect(point.animatableData.magnitudeSquared == 25)
        point.animatableData -= AnimatablePair(1, 1)
        #expect(point == CGPoint(x: 2, y: 3))
    }

    /// Angles: degrees and radians, arithmetic and order; the data is radians × 128, so a quarter
    /// turn is 64π ≈ 201.06 (SwiftUI's unit scale).
    @Test func angles() {
        let right = Angle.degrees(90)
        #expect(abs(right.radians - Double.pi / 2) < 1e-16)
        #expect(abs(right.animatableData - 64 * Double.pi) < 1e-12)
        #expect((right + .radians(Double.pi / 2)).degrees == 180)
        #expect(Angle.zero < right && -right < .zero)
        var angle = Angle()
        angle.animatableData = 128
        #expect(angle.radians == 1)
        angle.degrees = 45
        #expect(abs(angle.radians - Double.pi / 4) < 1e-16)
    }

    /// Nothing to animate: every operation is the identity.
    @Test func emptyData() {
        let empty = EmptyAnimatableData()
        #expect(empty + empty == .zero && empty.scaled(by: 7).magnitudeSquared == 0)
        struct Label: Animatable { var text = "hi"; typealias AnimatableData = EmptyAnimatableData }
        var label = Label()
        label.animatableData = EmptyAnimatableData()
        #expect(label.text == "hi")
    }

    /// `Float` scales by the rounded factor; `CGFloat` and `Double` are their own data.
    @Test func scalars() {
        #expect(Float(3).scaled(by: 0.1) == Float(3) * Float(0.1))
        #expect(Float(3).magnitudeSquared == 9)
        #expect(CGFloat(2).animatableData == 2 && CGFloat(-3).magnitudeSquared == 9)
        #expect(2.5.animatableData == 2.5)
    }

    /// A pair's arithmetic is its components' arithmetic, for any values.
    @Test func pairsAreComponentWise() async {
        await propertyCheck(input: Gen.double(in: -1e6...1e6).array(of: 5)) { v in
            let a = AnimatablePair(v[0], AnimatablePair(Float(v[1]), CGFloat(v[2])))
            let b = AnimatablePair(v[3], AnimatablePair(Float(v[4]), CGFloat(v[0])))
            let sum = a + b, difference = a - b, scaled = a.scaled(by: v[4])
            #expect(sum.first == v[0] + v[3] && sum.second.first == Float(v[1]) + Float(v[4]) && sum.second.second == CGFloat(v[2] + v[0]))
            #expect(difference.first == v[0] - v[3] && difference.second.second == CGFloat(v[2] - v[0]))
            #expect(scaled.first == v[0] * v[4] && scaled.second.first == Float(v[1]) * Float(v[4]))
            #expect(a.magnitudeSquared == v[0] * v[0] + (Double(Float(v[1]) * Float(v[1])) + v[2] * v[2]))
        }
    }
}
