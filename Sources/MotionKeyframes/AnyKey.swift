/// Any key, so documents can be checked for keys MotionLab does not know.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
