/// What a shell may offer for an option's value or a positional argument, so
/// that completion scripts come from the same table as help.
public enum ValueCompletion: Sendable, Equatable {
    /// One of these words. A word that ends in ':' starts a value
    /// (`mask:` of `mask:62`) and is completed without a space after it.
    case words([String])
    /// Any number of these words with `separator` between them (`mon,wed,fri`).
    case list([String], separator: Character)
    /// A path to a file (or a folder on the way to one).
    case files
    /// The lines the tool itself prints when run with these words (`__complete ids`):
    /// words that live in its data, such as ids. The global options given on the
    /// command line being completed (`--db`) are passed along in front.
    case dynamic([String])
}
