/// A target of `motionlab export`: a platform's code, or a keyframe format.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case swiftUI = "swiftui"
    case css
    case waapi
    case compose
    case android
    case flutter
    case motion
    case reactSpring = "react-spring"
    case reanimated
    case coreAnimation = "core-animation"
    case lottie

    /// The platform's name for people: `Web Animations`, `Jetpack Compose` …
    public var title: String {
        switch self {
        case .swiftUI: "SwiftUI"
        case .css: "CSS"
        case .waapi: "Web Animations"
        case .compose: "Jetpack Compose"
        case .android: "Android XML"
        case .flutter: "Flutter"
        case .motion: "Motion (Framer Motion)"
        case .reactSpring: "react-spring"
        case .reanimated: "React Native Reanimated"
        case .coreAnimation: "Core Animation"
        case .lottie: "Lottie"
        }
    }
}
