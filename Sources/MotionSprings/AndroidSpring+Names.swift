extension AndroidSpring {
    /// Compose's and Android's named stiffnesses by the word after `Stiffness` (`high`, `medium`,
    /// `mediumLow`, `low`, `veryLow`; case and `-`/`_` ignored).
    public static func stiffness(named name: String) -> Double? {
        switch normalised(name) {
        case "high": stiffnessHigh
        case "medium": stiffnessMedium
        case "mediumlow": stiffnessMediumLow
        case "low": stiffnessLow
        case "verylow": stiffnessVeryLow
        default: nil
        }
    }

    /// The named damping ratios by the words after `DampingRatio` (`highBouncy`, `mediumBouncy`,
    /// `lowBouncy`, `noBouncy`; case and `-`/`_` ignored).
    public static func dampingRatio(named name: String) -> Double? {
        switch normalised(name) {
        case "highbouncy": dampingRatioHighBouncy
        case "mediumbouncy": dampingRatioMediumBouncy
        case "lowbouncy": dampingRatioLowBouncy
        case "nobouncy": dampingRatioNoBouncy
        default: nil
        }
    }

    private static func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" }).replacingPrefix("stiffness").replacingPrefix("dampingratio")
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
