/// A vector whose components can be read as numbers, in a fixed order.
///
/// The exact-physics comparisons evaluate a closed-form spring per component, so they need to
/// see inside a value; animations themselves never do.
public protocol VectorComponents {
    /// The components, in the value's fixed order.
    var components: [Double] { get }
}
