#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import TraqtCore

/// What the `traqt` executable does before and around `Tool.main`: the parts
/// that belong to a process, not to a command run in-process.
public enum ProcessEntry {
    /// Makes the process safe to run commands in.
    ///
    /// A standard descriptor that was closed (`traqt list >&-`) would be the
    /// number the next file traqt opens gets: a command's input, an export, the
    /// database. /dev/null takes its place, opened the wrong way round (standard
    /// output and error for reading), so that using it still fails as on a
    /// closed descriptor (EBADF: exit 74 for output) and nothing of traqt's can
    /// be written there. A closed pipe ends traqt quietly, like any Unix filter
    /// (`traqt list | head -1`), even when the parent process ignored SIGPIPE.
    public static func prepare() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if null >= 0 && null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        signal(SIGPIPE, SIG_DFL)
    }

    /// The command line's words after the program name. Swift repairs invalid
    /// UTF-8 in arguments into U+FFFD, which would make `--id $'\xff'` and
    /// `--id $'\xfe'` the same id: such an argument is refused (64) instead.
    public static func arguments(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result<[String], ExitStatus> {
        var words: [String] = []
        for index in 1..<Int(argc) {
            guard let pointer = argv[index], let word = String(validatingCString: pointer) else {
                let usage = HelpFormatter(tool: Tool.spec).toolUsage()
                writeStandardError("Error: argument \(index) is not valid UTF-8; traqt reads text in UTF-8 only\nUsage: \(usage)\n  See 'traqt --help' for more information.\n")
                return .failure(ExitStatus(ExitCode.usage.rawValue))
            }
            words.append(word)
        }
        return .success(words)
    }
}

/// An exit status as an error, for `Result`.
public struct ExitStatus: Error {
    public let code: Int32
    init(_ code: Int32) { self.code = code }
}
