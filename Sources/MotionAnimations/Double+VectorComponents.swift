/// A number is its only component.
extension Double: VectorComponents {
    public var components: [Double] { [self] }
}
