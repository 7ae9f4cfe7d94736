// SwiftUI's value types (VectorArithmetic, Animatable, Angle, AnimatablePair) are part of this
// module's API: every signature here speaks them.
@_exported import MotionValues
