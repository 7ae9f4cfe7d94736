extension Animation {
    /// This animation with `modifier` applied.
    public func modifier<M: CustomAnimationModifier>(_ modifier: M) -> Animation {
        Animation(CustomAnimationModifiedContent(base: self, modifier: modifier))
    }

    /// Starts `delay` seconds later, holding the start value until then.
    public func delay(_ delay: Double) -> Animation {
        modifier(DelayAnimation(delay: delay))
    }

    /// Runs `speed` times as fast: a one-second animation at speed 2 takes half a second.
    public func speed(_ speed: Double) -> Animation {
        modifier(SpeedAnimation(speed: speed))
    }

    /// Runs `repeatCount` cycles; with `autoreverses`, every other cycle backwards, and the
    /// reversals count as cycles.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        modifier(RepeatAnimation(repeatCount: repeatCount, autoreverses: autoreverses))
    }

    /// Repeats for ever; with `autoreverses`, every other cycle backwards.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        modifier(RepeatAnimation(repeatCount: nil, autoreverses: autoreverses))
    }

    /// Reports logical completion after `duration` seconds, unless it did earlier.
    public func logicallyComplete(after duration: Double) -> Animation {
        modifier(LogicalCompletionAnimation(duration: duration))
    }
}
