#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing

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
