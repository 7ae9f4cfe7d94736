extension VectorArithmetic {
    /// The vector divided by `divisor`: an IEEE division for `Double`, so the keyframe engine
    /// gives a scalar track the bits of the scalar formulas; a scaling by 1/`divisor` for any
    /// other vector, which has no division. Specialised code keeps only one of the branches.
    @inlinable
    func divided(by divisor: Double) -> Self {
        if let x = self as? Double, let quotient = (x / divisor) as? Self { return quotient }
        return scaled(by: 1 / divisor)
    }
}
