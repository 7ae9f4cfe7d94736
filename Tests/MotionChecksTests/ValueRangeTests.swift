import MotionChecks
import Testing

@Suite("Value ranges")
struct ValueRangeTests {
    @Test(arguments: [
        (ValueRange(min: 0.45, max: 0.55), 0.45, true), (ValueRange(min: 0.45, max: 0.55), 0.55, true),
        (ValueRange(min: 0.45, max: 0.55), 0.5500000000000001, false), (ValueRange(min: 0.45, max: 0.55), 0.4499999999999999, false),
        (ValueRange(max: 0.35), -1e300, true), (ValueRange(max: 0.35), .infinity, false), (ValueRange(min: 0), .infinity, true),
        (ValueRange(min: 0), .nan, false), (ValueRange(max: 0), -.infinity, true),
    ])
    func contains(range: ValueRange, value: Double, expected: Bool) {
        #expect(range.contains(value) == expected)
    }

    @Test func descriptions() {
        #expect(ValueRange(min: 0.45, max: 0.55).description == "0.45 … 0.55")
        #expect(ValueRange(max: 0.35).description == "≤ 0.35")
        #expect(ValueRange(min: 0.05).description == "≥ 0.05")
    }
}
