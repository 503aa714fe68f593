/// A push vendor whose request bodies traqt reads beside APNs's own.
public enum PushVendor: String, CaseIterable, Sendable {
    case pushwoosh, onesignal, braze, firebase
}
