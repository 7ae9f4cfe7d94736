extension ReactSpringConfig {
    /// react-spring's preset `name` (`default`, `gentle`, `wobbly`, `stiff`, `slow`, `molasses`).
    public static func preset(named name: String) -> ReactSpringConfig? {
        presets.first { $0.name == name.lowercased() }?.config
    }
}
