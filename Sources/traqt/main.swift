#if canImport(Glibc)
import Glibc
#endif

// A closed pipe ends traqt quietly, like any Unix filter (`traqt list | head -1`),
// even when the parent process ignored SIGPIPE.
signal(SIGPIPE, SIG_DFL)
exit(Tool.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment()))
