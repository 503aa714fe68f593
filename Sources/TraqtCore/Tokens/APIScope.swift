/// What an API token lets its bearer do on `traqt serve`: `read` reads; `write`
/// reads and writes; `push` applies pushes and nothing else, so that a push
/// sender's token cannot read the store.
public enum APIScope: String, CaseIterable, Sendable {
    case read, write, push

    /// Whether a token of this scope may do what needs `needed`.
    public func allows(_ needed: APIScope) -> Bool {
        switch (self, needed) {
        case (.read, .read), (.write, .read), (.write, .write), (.push, .push): true
        default: false
        }
    }

    /// The scopes as the messages and help list them: `read, write or push`.
    public static let listed = "read, write or push"
}
