/// What the engine needs to see through a modified animation.
protocol ModifiedAnimation {
    var baseAnimation: Animation { get }
    var anyModifier: any CustomAnimationModifier { get }
}

extension CustomAnimationModifiedContent: ModifiedAnimation {
    var baseAnimation: Animation { base }
    var anyModifier: any CustomAnimationModifier { modifier }
}

extension Animation {
    /// The types of this animation and, through modifiers, of the animations it wraps.
    var typeSignature: [ObjectIdentifier] {
        var signature = [ObjectIdentifier(type(of: base))]
        if let modified = base as? any ModifiedAnimation { signature += modified.baseAnimation.typeSignature }
        return signature
    }
}
