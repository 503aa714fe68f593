#if canImport(Glibc)
import Glibc
#endif
import TraqtCLI

// The executable only reads its arguments and environment, runs the command
// line through the library, and exits with its status.
ProcessEntry.prepare()
switch ProcessEntry.arguments(argc: CommandLine.argc, argv: CommandLine.unsafeArgv) {
case let .success(arguments):
    exit(Tool.main(arguments: arguments, environment: Environment()))
case let .failure(status):
    exit(status.code)
}
