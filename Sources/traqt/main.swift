#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing

// A standard descriptor that was closed (`traqt list >&-`) would be the number
// the next file traqt opens gets: a command's input, an export, the database.
// /dev/null takes its place, opened the wrong way round (standard output and
// error for reading), so that using it still fails as on a closed descriptor
// (EBADF: exit 74 for output) and nothing of traqt's can be written there.
for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
    let null = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
    if null >= 0 && null != descriptor {
        dup2(null, descriptor)
        close(null)
    }
}

// A closed pipe ends traqt quietly, like any Unix filter (`traqt list | head -1`),
// even when the parent process ignored SIGPIPE.
signal(SIGPIPE, SIG_DFL)

// Swift repairs invalid UTF-8 in arguments into U+FFFD, which would make
// `--id $'\xff'` and `--id $'\xfe'` the same id: refuse such arguments instead.
var arguments: [String] = []
for index in 1..<Int(CommandLine.argc) {
    guard let pointer = CommandLine.unsafeArgv[index], let word = String(validatingCString: pointer) else {
        let usage = HelpFormatter(tool: Tool.spec).toolUsage()
        writeStandardError("Error: argument \(index) is not valid UTF-8; traqt reads text in UTF-8 only\nUsage: \(usage)\n  See 'traqt --help' for more information.\n")
        exit(ExitCode.usage.rawValue)
    }
    arguments.append(word)
}
exit(Tool.main(arguments: arguments, environment: Environment()))
